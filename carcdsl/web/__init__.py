"""``carcdsl serve``: a local browser app to play, watch, replay, browse and write rules.

A front end like ``cli`` and ``lsp``: it starts at ``pipeline`` and reads the engine, the
views, records, bots and words; nothing but the command line imports it. Its modules own one
thing each: ``app`` the routes, ``guard`` what a request may be and how errors look,
``files`` the served folders, ``rulesets`` the rule sets on offer, ``sessions`` the games in
memory, ``turns`` a person's choices in a turn, ``timeline`` a record stepped through,
``scene`` the pictures, ``views`` a state as JSON, ``author`` the editor's checks, ``pages``
and ``words`` the HTML in the user's language.

Nothing here imports Starlette at import time of the package: ``cli.serve`` says how to
install the extra when it is missing.
"""
