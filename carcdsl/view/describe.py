"""Sentences about a game for people: moves, scorings, token movements, the set-up, the
first player's draw-off, why it ended, what a player sees before moving, the result, and
``play --games N`` and ``check --stats`` summed up.

Everything here returns text, in the language of a ``Words``; nothing prints or asks.
"""

from __future__ import annotations

from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.moves import Discard, MovedSpec, Placement
from carcdsl.engine.owned import KEEP
from carcdsl.engine.state import State
from carcdsl.geometry.squares import STEP, to_xy
from carcdsl.i18n.breakdown import render
from carcdsl.i18n.words import Words, english
from carcdsl.model.expr import expr_text as expression_text
from carcdsl.model.rules import RuleSet


def describe_move(move: Placement, words: Words | None = None,
                  rules: RuleSet | None = None) -> str:
    """``U at (1, 0) rotated 90, highwayman on road:E`` (in the language of ``words``:
    ``U op (1, 0) 90° gedraaid, struikrover op weg:O``)."""
    w = words or Words(rules)
    text = (f"{move.tile} {w.phrase('at')} ({move.at[0]}, {move.at[1]}) "
            f"{w.phrase('rotated', degrees=move.rotation)}")
    if move.follower is not None:
        kind = rules.kind(move.follower.feature) if rules is not None else None
        piece = (move.follower.kind if move.follower.kind and rules is not None
                 and rules.figure(move.follower.kind) else
                 kind.role if kind is not None and kind.role else
                 rules.game.follower if rules is not None and rules.game.follower else
                 "follower")
        where = _spot_words(move.follower.to_text(), w)
        text += f", {w.word(piece)} {w.phrase('on')} {where}"
        if move.follower.square is not None:
            text += f" ({move.follower.square[0]}, {move.follower.square[1]})"
    elif move.recall is not None:
        where = _spot_words(move.recall.spot, w)
        text += (f", {w.phrase('takes-back')} {w.word(move.recall.kind or w.follower)} "
                 f"{w.phrase('on')} {where} ({move.recall.at[0]}, {move.recall.at[1]})")
    if move.returns is not None:
        text += ", " + _capture_text(move.returns, w, "sends-home")
    if move.beside is not None:
        where = _spot_words(move.beside.spot, w)
        text += ", " + w.phrase("puts-beside", figure=w.word(move.beside.figure), where=where,
                                x=move.beside.at[0], y=move.beside.at[1])
    for option in move.choices:
        text += f", {w.phrase('chooses', option=w.word(option))}"
    if move.capture is not None:
        text += ", " + _capture_text(move.capture, w)
    if move.walk:
        text += ", " + w.phrase("walks", squares=", ".join(f"({x}, {y})" for x, y in move.walk))
    for moved in move.moved:
        text += ", " + _moved_text(moved, w)
    if move.ransom is not None:
        points = rules.game.ransom if rules is not None else "?"
        text = (w.phrase("pays-ransom", points=points, player=move.ransom.player,
                         kind=w.word(move.ransom.kind)) + ", " + text)
    return text


def _spot_words(spot: str, w: Words) -> str:
    """A spot as records name it (``city:E``, ``monastery``, ``field#2``) in words
    (``stad:O``)."""
    feature, colon, port = spot.partition(":")
    if colon:
        return f"{w.word(feature)}:{w.port(port)}"
    feature, hash_, index = spot.partition("#")
    return w.word(feature) + (f"#{index}" if hash_ else "")


def _moved_text(moved, w: Words) -> str:
    """A figure whose feature scored, gone on (or home): ``Ann's wagon moves to road:N (1,
    0)``."""
    if moved.at is None:
        return w.phrase("goes-home", player=moved.player, figure=w.word(moved.figure))
    return w.phrase("moves-on", player=moved.player, figure=w.word(moved.figure),
                    where=_spot_words(moved.spot, w), x=moved.at[0], y=moved.at[1])


def _capture_text(capture, w: Words, phrase: str = "captures") -> str:
    """A figure captured (or, ``sends-home``, sent home), said with its owner and place."""
    where = _spot_words(capture.spot, w)
    return w.phrase(phrase, player=capture.player, kind=w.word(capture.kind),
                    where=where, x=capture.at[0], y=capture.at[1])


def describe_decision(state: State, option: int, words: Words | None = None) -> str:
    """A decision move's option (``engine.decisions``) in words: a capture, taking nothing,
    or a ransom."""
    from carcdsl.engine import decisions

    w = words or Words(state.game.rules)
    pending, walk = state.decisions.pending, state.decisions.walk
    if pending is not None and pending[0] == decisions.WALKING and walk is not None:
        figure, here = walk[0], state.decisions.neutral[walk[0]]
        x, y = to_xy(here + STEP[option])
        return w.phrase("walk-step", figure=w.word(state.tables.modes.figures[figure].name),
                        x=x, y=y)
    if pending is not None and pending[0] == decisions.MOVING:
        seat, figure, _ = state.decisions.moving[0]
        player, name = state.seats.players[seat], decisions.figure_name(state, figure)
        if option == decisions.NONE:
            return _moved_text(MovedSpec(player, name), w)
        key = state.features.node_key[option]
        return _moved_text(MovedSpec(player, name, to_xy(key),
                                     decisions.spot_name(state, option)), w)
    if option == KEEP and not state.pending:  # a last turn for a tile the player owns
        held = state.supply.owned[state.seats.current] if state.supply.owned else []
        return w.phrase("keeps-tile", tiles=", ".join(
            state.tables.type_names[t] for t in dict.fromkeys(held)))
    if state.pending:
        spec = decisions.capture_spec(state, option)
        return w.phrase("captures-nothing") if spec is None else _capture_text(spec, w)
    holder, figure = (option - decisions.RANSOM) >> 6, (option - decisions.RANSOM) & 63
    return w.phrase("pays-ransom", points=state.tables.modes.ransom,
                    player=state.seats.players[holder],
                    kind=w.word(decisions.figure_name(state, figure)))


def describe_discard(move: Discard, words: Words, aside: bool = False,
                     held: str | None = None, kept: bool = False) -> str:
    """``tile X fits nowhere: discarded``; ``aside``: a bag's tile set aside, to go back
    into the bag after the next placement; ``held``: a tile held back until that neutral
    figure is on the board (``hold back K until F``); ``kept``: a tile the player owns, not
    played in their last turn (``each player owns``)."""
    if kept:
        said = words.phrase("kept")
    elif held is not None:
        said = words.phrase("held-back", figure=words.word(held))
    else:
        said = words.phrase("set-aside" if aside else "discarded")
    return f"{words.word('tile')} {move.tile} {said}"


def discard_text(state: State, n: int, words: Words) -> str:
    """Discard ``n`` of ``state``'s moves in words: discarded, set aside or held back."""
    move = state.moves[n]
    assert isinstance(move, Discard)
    hold = state.tables.modes.hold
    held = (state.tables.modes.figures[hold[1]].name
            if hold is not None and n in state.supply.held_moves else None)
    return describe_discard(move, words, n in state.supply.aside_moves, held,
                            n in state.supply.kept_moves)


def told_move(state: State, n: int, words: Words) -> str:
    """Move ``n`` of ``state`` (a record's ``moves[n]``) as ``play``'s log tells it, its
    number first: ``3. Bob: O at (0, -1) rotated 180, highwayman on road:N``."""
    move, player = state.moves[n], state.players[state.move_seats[n]]
    text = (describe_move(move, words, state.game.rules) if isinstance(move, Placement)
            else discard_text(state, n, words))
    return f"{n}. {player}: {text}"


def describe_event(event: ScoreEvent, words: Words | None = None) -> str:
    """``Ann: city, 3 tiles × 2 + 1 pennant × 2 = 8`` (in the language of ``words``)."""
    w = words or Words(None)
    when = "" if event.when == "complete" else f" ({w.phrase('final')})"
    told = render(event.terms, w.label, w.trigger) if event.terms else str(event.points)
    return f"{event.player}: {w.word(event.feature)}{when}, {told} = {event.points}"


def describe_setup(state: State, words: Words) -> str | None:
    """What lies on the board before the first turn: ``set-up: start tile D at (0, 0); tile
    J at (4, 6) rotated 90 (Erfurt)``; None when nothing does. Read from the start squares,
    which never change, so it works on a finished game too."""
    tb = state.tables
    start_placed = state.game.rules.supply.start == "placed" and tb.start_type is not None
    parts = []
    for i, key in enumerate(tb.board.starts):
        if key not in state.board or not start_placed:
            continue
        o = state.board[key][0]
        what = words.word("start-tile" if i == 0 else "tile")
        x, y = to_xy(key)
        text = f"{what} {tb.type_names[o // 4]} {words.phrase('at')} ({x}, {y})"
        if o % 4:
            text += f" {words.phrase('rotated', degrees=90 * (o % 4))}"
        name = tb.board.labels.get(key)
        if name:
            text += f" ({words.word(name)})"
        parts.append(text)
    parts += token_setup(state, words)
    count = state.game.rules.game.followers_for(len(state.players))
    parts.append(words.phrase("followers-each", n=count, followers=words.word(words.follower,
                                                                               count)))
    return f"{words.phrase('setup')}: {'; '.join(parts)}"


# --- tokens ------------------------------------------------------------------------------
def describe_token_event(event, words: Words) -> str | None:
    """One of the engine's ``State.token_events`` (``put``, ``given``, ``collected``); None
    for ``held`` (the result tells what players hold)."""
    token = words.word(event.token, event.count)
    feature = words.word(event.feature) if event.feature else ""
    at = f"({event.at[0]}, {event.at[1]})" if event.at else ""
    if event.action == "put":
        if not feature:
            return words.phrase("put-tokens", count=event.count, token=token)
        return words.phrase("token-put", count=event.count, token=token, feature=feature,
                            at=at)
    if event.action == "given":
        return words.phrase("token-given", player=event.player, count=event.count, token=token)
    if event.action in ("drawn", "returned"):
        return words.phrase(f"token-{event.action}", count=event.count, token=token,
                            feature=feature, at=at)
    if event.action in ("collected", "taken"):
        return words.phrase("collects", player=event.player, count=event.count, token=token)
    return None


def _set_up_tokens(events: list, words: Words) -> list[str]:
    """The set-up's token events, those put on one square told as one (``4 nuts put on the
    forest, path, grassland at (0, 0)``)."""
    told: list[str] = []
    put: dict[tuple, list] = {}
    for event in events:
        if event.action == "put" and event.feature and event.at:
            put.setdefault((event.token, event.at), []).append(event)
            continue
        text = describe_token_event(event, words)
        if text:
            told.append(text)
    lines = []
    for (token, at), group in put.items():
        count = sum(e.count for e in group)
        features = ", ".join(dict.fromkeys(words.word(e.feature) for e in group))
        lines.append(words.phrase("token-put", count=count, token=words.word(token, count),
                                  feature=features, at=f"({at[0]}, {at[1]})"))
    return lines + told


def token_setup(state: State, words: Words) -> list[str]:
    """Tokens put out before the first turn (``4 nuts put on the forest, path at (0, 0)``,
    ``P1 gets 1 nut``)."""
    return _set_up_tokens([e for e in state.token_events if e.move < 0], words)


# --- the end, the first player, the result -------------------------------------------------
def end_reason(state: State) -> tuple[str, str | None, str | None, int]:
    """Why a game ended (the engine's ``State.end_reason``): (``supply-empty`` |
    ``tile-unplaceable`` | ``stopped`` | a later code of the engine's, the tile that fits
    nowhere, the player it fits nowhere for, how many tiles are left)."""
    reported = state.end_reason
    assert reported is not None  # told only once the game ends
    return (reported.why, reported.tile, reported.player, len(reported.left))


def describe_end(state: State, words: Words) -> str:
    """``no tile left to play: the game ends``, ``tile X fits nowhere for P2: ...``."""
    return words.end(*end_reason(state))


def describe_first_player(state: State, words: Words) -> list[str]:
    """Who starts, when the rules draw for it: each round's draws (``State.draw_off``:
    ``kind``, ``rounds`` of (player, tile, sides), ``winner``), then the winner; nothing when
    the rules do not draw."""
    if state.game.rules.turn.first_player != "draw":
        return []
    draw_off = state.draw_off
    if draw_off is None:
        return [words.phrase("draw-off", player=state.player)]
    kind = words.word(draw_off.kind) if draw_off.kind else "?"
    lines = []
    for i, draws in enumerate(draw_off.rounds, 1):
        told = ", ".join(f"{player} {tile} ({sides})" for player, tile, sides in draws)
        lines.append(f"{words.phrase('draw-round', n=i, kind=kind)}: {told}")
    lines.append(words.phrase("draw-off", player=draw_off.winner))
    return lines


def describe_result(state: State, words: Words) -> list[str]:
    """Scores, tokens held, and the winner(s) — or, in a game not finished, who leads."""
    lines = [f"{name:>12}: {score}" for name, score in zip(state.players, state.scores)]
    for tok, held in zip(state.game.rules.tokens, state.tokens.held):
        for name, count in zip(state.players, held):
            if count:
                lines.append(words.phrase("holds", player=name, count=count,
                                          token=words.word(tok.name, count)))
    best = state.winners()
    if state.finished:
        key = "winner" if len(best) == 1 else "winners"
        lines.append(f"{words.phrase(key)}: {', '.join(best)}")
        return lines
    if len(best) < len(state.players):
        standing = f"{words.phrase('leading')}: {', '.join(best)}"
    elif max(state.scores) == 0:
        standing = words.phrase("no-points")
    else:
        standing = words.phrase("level", points=max(state.scores))
    lines.append(f"{words.phrase('not-finished')}; {standing}")
    return lines


# --- what a person sees before moving -------------------------------------------------------
def token_status(state: State, words: Words) -> list[str]:
    """Tokens as a person sees them before moving: those lying on the board (how many, on
    which feature, where), what each player holds, what is left in the supply."""
    told = []
    on_features = state.tokens_on_features()
    for i, tok in enumerate(state.game.rules.tokens):
        lying = sorted((square, kind, counts[i]) for square, kind, counts in on_features
                       if counts[i])
        if lying:
            where = "; ".join(words.phrase("token-at", count=n, feature=words.word(kind),
                                           at=f"({x}, {y})") for (x, y), kind, n in lying)
            told.append(words.phrase("tokens-on", tokens=words.word(tok.name, 2),
                                     where=where))
        held = [words.phrase("holds", player=name, count=n, token=words.word(tok.name, n))
                for name, n in zip(state.players, state.tokens.held[i]) if n]
        if held:
            told.append(", ".join(held))
        told.append(words.phrase("tokens-left", tokens=words.word(tok.name, 2),
                                 n=state.tokens.supply[i]))
    return told + prisoners(state, words)


def prisoners(state: State, words: Words) -> list[str]:
    """The figures each player holds of other players' (captured): ``Ann holds Bob's
    follower``."""
    from carcdsl.engine.decisions import figure_name

    told = []
    for holder, held in enumerate(state.decisions.held):
        for owner, figure in held:
            told.append(words.phrase("holds-prisoner", player=state.players[holder],
                                     owner=state.players[owner],
                                     kind=words.word(figure_name(state, figure))))
    return told


def describe_open_hands(state: State, words: Words) -> list[str]:
    """With open hands, what every other player holds (``P2 holds A, U``)."""
    if state.hands is None or state.game.rules.supply.hand_visibility != "open":
        return []
    lines = []
    for seat, name in enumerate(state.players):
        if seat != state.current:
            hand = ", ".join(state.tables.type_names[t] for t in state.hands[seat])
            lines.append(words.phrase("holds-tiles", player=name,
                                      tiles=hand or words.phrase("nothing")))
    return lines


def describe_turn(state: State, words: Words) -> str:
    """``P1 to move with tile N; scores P1 0, P2 0; meeples left: 7`` (and each figure the
    rule set has: ``, abbots left: 1``; each neutral figure on the board: ``, dragon at (1,
    0)``)."""
    tiles, owned = state.hand, state.supply.owned
    if not tiles and owned is not None:  # a last turn: the tiles the mover owns
        tiles = [state.tables.type_names[t] for t in dict.fromkeys(owned[state.current])]
    what = f"{words.word('tile', len(tiles))} {', '.join(tiles)}"
    scores = ", ".join(f"{p} {s}" for p, s in zip(state.players, state.scores))
    left = state.supply_followers[state.current]
    mover = state.players[state.seats.current]
    head = (words.phrase("to-decide", player=state.player, mover=mover) if state.pending
            else words.phrase("to-move", player=state.player, tiles=what))
    text = (f"{head}; "
            f"{words.phrase('scores')} {scores}; "
            f"{words.phrase('left', n=left, followers=words.word(words.follower, left))}")
    for kind, supply in zip(state.tables.modes.figures, state.seats.figures):
        if kind.neutral:  # nobody's: where it stands instead
            continue
        count = supply[state.current]
        text += f", {words.phrase('left', n=count, followers=words.word(kind.name, count))}"
    for f, key in sorted(state.decisions.neutral.items()):
        x, y = to_xy(key)
        figure = words.word(state.tables.modes.figures[f].name)
        text += f", {words.phrase('neutral-at', figure=figure, x=x, y=y)}"
    return text


# --- a game's news in order ---------------------------------------------------------------
def merged_events(state: State, events_from: int = 0, tokens_from: int = 0) -> list:
    """The scorings (``state.events[events_from:]``) and token movements
    (``state.token_events[tokens_from:]``) in the order they happened: a token event comes
    right after the scorings that came before it (``TokenEvent.events_before``)."""
    events = state.events
    told: list = []
    i = events_from
    for token in state.token_events[tokens_from:]:
        while i < min(token.events_before, len(events)):
            told.append(events[i])
            i += 1
        told.append(token)
    told += events[i:]
    return told


# --- many games ----------------------------------------------------------------------------
def format_summary(summary: dict, words: Words | None = None) -> str:
    """``play --games N`` summed up for people, numbers as the language writes them
    (``29.67``, ``66.7%``; in Dutch ``29,67``, ``66,7%``)."""
    w = words or Words(None)
    bots = ", ".join(w.bot(kind) for kind in summary["bots"])
    lines = [w.phrase("games-of", n=w.number(summary["games"]), rules=summary["rules"])
             + (f" + {', '.join(summary['variants'])}" if summary["variants"] else "")
             + f", {w.phrase('bots')} {bots}, {w.phrase('seeds')} "
             f"{summary['seed']}..{summary['seed'] + summary['games'] - 1}",
             f"  {w.phrase('seat'):>12}  {w.phrase('mean'):>10}  {w.phrase('win-rate'):>8}"]
    for name, mean, rate in zip(summary["players"], summary["mean_scores"],
                                summary["win_rates"]):
        lines.append(f"  {name:>12}  {w.number(mean, 2):>10}  {w.percent(rate):>8}")
    named = {"compiled": "compiled-engine", "gpu": "gpu-engine"}.get(summary.get("engine", ""))
    engine = f", {w.phrase(named)}" if named else ""
    lines.append(f"  {w.number(summary['games_per_second'], 1)} {w.phrase('games-per-s')} "
                 f"({w.number(summary['seconds'], 3)} s{engine})")
    return "\n".join(lines)


# --- a rule set's figures ------------------------------------------------------------------
def format_stats(stats: dict, words: Words | None = None) -> str:
    """A small aligned table of ``tile_stats``, in the language of ``words`` (an
    ``i18n.Words``; default English): the rule set's own words for its tiles, pennants and
    kinds (``mushroom groups``, ``landtegels``, ``stad``), the tool's phrases for the rest,
    kinds in the order of their names."""
    if words is None:
        words = english()
    say, word = words.phrase, words.word
    sets = stats.get("sets", 1)
    tiles = word("tile", 2)
    rows: list[tuple[str, str]] = [
        (tiles if sets == 1 else say("tiles-sets", tiles=tiles, n=sets),
         words.number(stats["tiles"])),
        (say("tile-types", tile=word("tile"), tiles=tiles), words.number(stats["types"])),
        (word("pennant", 2), words.number(stats["pennants"])),
    ]
    for key in ("centres", "sides", "segments", "enclosed", "attributes", "figures", "neutral",
                "owned", "groups"):
        if stats.get(key):
            rows.append((say(key), ""))
            named = sorted((word(kind), n) for kind, n in stats[key].items())
            rows.extend((f"  {name}", words.number(n)) for name, n in named)
    board = stats.get("map") or ()
    if board:
        rows.append((say("map"), ""))
        rows.extend((f"  {say(key, what=word(what) if what else what)}", words.number(n))
                    for key, n, what in board)
    label_width = max(len(label) for label, _ in rows)
    number_width = max(len(value) for _, value in rows)
    return "\n".join(f"{label:<{label_width}}  {value:>{number_width}}".rstrip()
                     for label, value in rows)


def _score_text(main, extra, words: Words) -> str:
    """A kind's scoring, its ``+=`` terms added: ``3 * completed(city) + own(pig) * ...``."""
    terms = ([expression_text(main)] if main is not None else []) + \
        [expression_text(term) for term in extra]
    return " + ".join(terms) if terms else words.phrase("about-nothing")


def describe_rules(rules: RuleSet, words: Words) -> list[str]:
    """What a rule set is, in sentences: the players, followers and tiles, each feature kind
    and how it scores, the variants applied."""
    game = rules.game
    low, high = game.players
    tiles = sum(t.count for t in rules.tiles)
    lines = [words.phrase("about-game", low=low, high=high, followers=game.followers,
                          tiles=tiles, types=len(rules.tiles), start=game.start or "-")]
    for kind in rules.kinds:
        complete = _score_text(kind.complete, kind.complete_extra, words)
        final = _score_text(kind.final, kind.final_extra, words)
        form = "about-kind-followers" if kind.followers else "about-kind"
        lines.append(words.phrase(form, kind=words.word(kind.name), geometry=kind.geometry,
                                  complete=complete, final=final))
        if not kind.tile_figures:
            lines.append(words.phrase("about-tile-figures", kind=words.word(kind.name)))
        if kind.fits_any:
            lines.append(words.phrase("about-fits-any", kinds=words.word(kind.name, 2)))
        if kind.ties:
            lines.append(words.phrase(f"about-ties-{kind.ties}", kind=words.word(kind.name)))
        if kind.followers_anywhere:
            lines.append(words.phrase("about-kind-anywhere", kind=words.word(kind.name)) + (
                words.phrase("about-figure-with", figure=words.word(kind.followers_with))
                if kind.followers_with else ""))
        if kind.attributes:
            lines.append(words.phrase("about-attributes", kind=words.word(kind.name),
                                      names=", ".join(f"{words.word(n)} ({m})"
                                                      for n, m in kind.attributes)))
    lines += [_figure_line(figure, game.players, words) for figure in rules.figures]
    lines += [_rule_line(t, words) for t in rules.triggers]
    for name, n in rules.supply.owned:
        lines.append(words.phrase("about-owned", tile=name, count=n))
    if rules.supply.hold is not None:
        lines.append(words.phrase("about-hold", kind=words.word(rules.supply.hold[0]),
                                  figure=words.word(rules.supply.hold[1])))
    if game.ransom:
        lines.append(words.phrase("about-ransom", points=game.ransom))
    for token in rules.tokens:
        if token.most_points:
            lines.append(words.phrase("about-token-most", token=words.word(token.name, 2),
                                      points=token.most_points))
    if rules.supply.order:
        lines.append(words.phrase("about-order", groups=", ".join(rules.supply.order)))
    if rules.variants:
        lines.append(words.phrase("about-variants", names=", ".join(rules.variants)))
    return lines


def _rule_line(trigger, words: Words) -> str:
    """A rule as written, with what the actions of neutral figures do (``walk dragon 6``)."""
    said = []
    for action, value in trigger.actions:
        if action == "move-here":
            said.append(words.phrase("about-move-here", figure=words.word(value)))
        elif action == "walk":
            said.append(words.phrase("about-walk", figure=words.word(value[0]),
                                     steps=value[1]))
        elif action == "move-within":
            figure, reach, kinds = value
            said.append(words.phrase("about-move-within", figure=words.word(figure), n=reach,
                                     kinds=" / ".join(words.word(k) for k in kinds)))
        elif action == "return-here":
            said.append(words.phrase("about-return-here", figure=words.word(trigger.arg)))
        elif action == "instead-return":
            said.append(words.phrase("about-instead-return", figure=words.word(value),
                                     kind=words.word(str(trigger.arg))))
        elif action == "place-anywhere":
            said.append(words.phrase("about-place-anywhere", figure=words.word(value)))
        elif action == "score-most":
            said.append(words.phrase("about-score-most", figure=words.word(value[1], 2)))
        elif action == "score" and trigger.condition in ("turn-beside", "score-beside"):
            said.append(words.phrase(f"about-{trigger.condition}", points=value,
                                     figure=words.word(str(trigger.arg))))
    rule = trigger.text() + (f" ({'; '.join(said)})" if said else "")
    return words.phrase("about-rule", rule=rule)


def _neutral_line(figure, words: Words) -> str:
    """A neutral figure: nobody's, moved by rules; what it avoids, beside and blocks."""
    extra = ""
    if figure.avoids:
        extra += words.phrase("about-neutral-avoids", figures=", ".join(
            words.word(name) for name in figure.avoids))
    if figure.beside:
        extra += words.phrase("about-neutral-beside", figure=words.word(figure.beside))
    if figure.blocks:
        extra += words.phrase("about-neutral-blocks")
    return words.phrase("about-neutral", figure=words.word(figure.name), extra=extra)


def _figure_line(figure, players: tuple[int, int], words: Words) -> str:
    """A figure: its supply (by player count where given, the default where some count of
    ``players`` has none), strength, where it stands."""
    if figure.neutral:
        return _neutral_line(figure, words)
    kinds = (", ".join(words.word(k) for k in figure.stands_on)
             if figure.stands_on is not None else words.phrase("about-where-followers"))
    extra = ""
    if figure.anywhere:
        extra += words.phrase("about-figure-anywhere")
    if figure.with_any:
        extra += words.phrase("about-figure-with", figure=words.word(figure.with_any))
    if figure.needs:
        extra += words.phrase("about-figure-needs", figure=words.word(figure.needs))
    if figure.recall:
        extra += words.phrase("about-figure-recall")
    for prop in ("excludes", "keeps_out"):
        if getattr(figure, prop):
            extra += words.phrase(f"about-figure-{prop.replace('_', '-')}", figures=", ".join(
                words.word(name) for name in getattr(figure, prop)))
    if figure.corner:
        extra += words.phrase("about-figure-corner")
    covered = {n for low, high, _ in figure.each_player_by_players
               for n in range(low, high + 1)}
    count = ", ".join([words.phrase("about-count-for", count=n,
                                    players=f"{low}" if low == high else f"{low}–{high}")
                       for low, high, n in figure.each_player_by_players]
                      + ([] if set(range(players[0], players[1] + 1)) <= covered
                         else [str(figure.each_player)]))
    strength = (f"= {expression_text(figure.strength_expr)}" if figure.strength_expr is not None
                else figure.strength)
    return words.phrase("about-figure", figure=words.word(figure.name), count=count,
                        strength=strength, kinds=kinds, extra=extra)


def describe_bundled(name: str, role: str, for_rules: str | None, with_: tuple[str, ...],
                     params: tuple[tuple[str, object, tuple | None], ...],
                     words: Words, width: int = 0) -> str:
    """One line of ``carcdsl list``: a bundled rule set or variant (``variant for RULES``,
    ``with`` the variants it needs) and its parameters, each ``name=default`` with the
    values it takes; the name padded to ``width``."""
    parts = [name.ljust(width)]
    if role == "variant":
        parts.append(words.phrase("list-variant-for", rules=for_rules or "base"))
        if with_:
            parts.append(words.phrase("list-with", names=", ".join(with_)))
    else:
        parts.append(words.phrase("list-rules"))
    for key, default, allowed in params:
        shown = f"{key}={default}"
        if allowed is not None:
            shown += (f" ({allowed[0]}..{allowed[1]})" if isinstance(default, int)
                      else f" ({'/'.join(map(str, allowed))})")
        parts.append(shown)
    return "  ".join(parts)
