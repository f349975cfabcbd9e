"""Playing games: seats taken by bots or people, one game told turn by turn, or many summed up.

Every random choice is seeded: the game's tile draw by the game seed, each bot by its own
generator derived from the game seed and its seat.

A told game has one numbered line per move of its record (placements and discards, those
before the first turn included, each by the player who made it), the scorings and token
movements under the move that caused them in the order they happened, an extra turn right
after its move, the set-up before the first turn and why the game ended.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable
from typing import TextIO

from carcdsl.bots.builtin import BOTS, Bot, play_out
from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.game import Game
from carcdsl.engine.moves import Discard, Placement
from carcdsl.engine.state import State
from carcdsl.errors import CarcError
from carcdsl.geometry.squares import to_xy
from carcdsl.i18n.breakdown import render
from carcdsl.i18n.words import Words
from carcdsl.model.rules import RuleSet
from carcdsl.view.text import render_board

BOT_NAMES = (*BOTS, "human")


def describe_move(move: Placement, words: Words | None = None,
                  rules: RuleSet | None = None) -> str:
    """``U at (1, 0) rotated 90, highwayman on road:E`` (in the language of ``words``:
    ``U op (1, 0) 90° gedraaid, struikrover op weg:O``)."""
    w = words or Words(rules)
    text = (f"{move.tile} {w.phrase('at')} ({move.at[0]}, {move.at[1]}) "
            f"{w.phrase('rotated', degrees=move.rotation)}")
    if move.follower is not None:
        kind = rules.kind(move.follower.feature) if rules is not None else None
        piece = (kind.role if kind is not None and kind.role else
                 rules.game.follower if rules is not None and rules.game.follower else
                 "follower")
        where = w.word(move.follower.feature)
        if move.follower.port:
            where += f":{w.port(move.follower.port)}"
        text += f", {w.word(piece)} {w.phrase('on')} {where}"
    return text


def describe_discard(move: Discard, words: Words, aside: bool = False) -> str:
    """``tile X fits nowhere: discarded``; ``aside``: a bag's tile set aside, to go back
    into the bag after the next placement."""
    said = words.phrase("set-aside" if aside else "discarded")
    return f"{words.word('tile')} {move.tile} {said}"


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
    if event.action == "collected":
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


# --- the end and the first player ------------------------------------------------------------
def end_reason(state: State) -> tuple[str, str | None, str | None, int]:
    """Why a finished game ended: (``supply-empty`` | ``tile-unplaceable`` | ``stopped`` | a
    later code of the engine's, the tile that fits nowhere, the player it fits nowhere for,
    how many tiles are left). The engine's ``State.end_reason`` (``why``, ``tile``,
    ``player``, ``left``) is told when the state has one; else it is read from the state."""
    reported = getattr(state, "end_reason", None)
    if reported is not None:
        return (reported.why, reported.tile, reported.player, len(reported.left))
    left = len(state.supply.pile) + sum(map(len, state.hands or ()))
    if state.out_of_tiles():
        return "supply-empty", None, None, 0
    if state.game.rules.game.end == "tile-unplaceable":
        return "tile-unplaceable", state.drawn or ", ".join(state.hand), state.player, left
    return "stopped", None, None, left


def describe_end(state: State, words: Words) -> str:
    """``no tile left to play: the game ends``, ``tile X fits nowhere for P2: ...``."""
    return words.end(*end_reason(state))


def tell_first_player(state: State, words: Words, out: TextIO) -> None:
    """Who starts, when the rules draw for it: each round's draws when the engine reports
    them (``State.draw_off``: ``kind``, ``rounds`` of (player, tile, sides), ``winner``)."""
    if state.game.rules.turn.first_player != "draw":
        return
    draw_off = getattr(state, "draw_off", None)
    if draw_off is None:
        print(f"     {words.phrase('draw-off', player=state.player)}", file=out)
        return
    kind = words.word(draw_off.kind) if draw_off.kind else "?"
    for i, draws in enumerate(draw_off.rounds, 1):
        told = ", ".join(f"{player} {tile} ({sides})" for player, tile, sides in draws)
        print(f"     {words.phrase('draw-round', n=i, kind=kind)}: {told}", file=out)
    print(f"     {words.phrase('draw-off', player=draw_off.winner)}", file=out)


# --- seats ---------------------------------------------------------------------------------
def human_bot(read: Callable[[str], str] | None = None, out: TextIO | None = None,
              words: Words | None = None) -> Bot:
    """A person at the terminal, choosing among the numbered legal moves: by number, or by
    writing the move (``1 0 90 city:E``; in Dutch ``1 0 90 stad:O`` works too)."""
    shown_key = ""

    def choose(state: State) -> tuple[int, int, int, int]:
        nonlocal shown_key
        ask = read or input
        out_ = out or sys.stdout
        w = words or Words(state.game.rules)
        rules = state.game.rules
        moves = list(state.iter_moves())
        picture = render_board(state, words=w, key=True,
                               fits=frozenset(key for _, key, _, _ in moves))
        board, _, key = picture.partition(f"\n{w.phrase('key')}:")
        print(board if key == shown_key else picture, file=out_)  # a key once, till it grows
        shown_key = key
        for line in token_status(state, w):
            print("  " + line, file=out_)
        if state.hands is not None and rules.supply.hand_visibility == "open":
            for seat, name in enumerate(state.players):
                if seat != state.current:
                    hand = ", ".join(state.tables.type_names[t] for t in state.hands[seat])
                    print("  " + w.phrase("holds-tiles", player=name,
                                          tiles=hand or w.phrase("nothing")), file=out_)
        tiles = state.hand
        what = f"{w.word('tile', len(tiles))} {', '.join(tiles)}"
        scores = ", ".join(f"{p} {s}" for p, s in zip(state.players, state.scores))
        left = state.supply_followers[state.current]
        print(f"\n{w.phrase('to-move', player=state.player, tiles=what)}; "
              f"{w.phrase('scores')} {scores}; "
              f"{w.phrase('left', n=left, followers=w.word(w.follower, left))}", file=out_)
        placements = [state.to_placement(*move) for move in moves]
        for i, move in enumerate(placements):
            print(f"  {i:3}  {describe_move(move, w, rules)}", file=out_)
        while True:
            try:
                answer = ask(w.phrase("ask", last=len(moves) - 1)).strip()
            except EOFError:
                raise CarcError(w.phrase("no-input")) from None
            if answer.lower() in ("q", "quit", "stop"):
                raise CarcError(w.phrase("abandoned"))
            if answer.isdigit() and int(answer) < len(moves):
                return moves[int(answer)]
            found = match_moves(answer, placements, w)
            if len(found) == 1:
                return moves[found[0]]
            if found:
                numbers = ", ".join(map(str, found[:12])) + (", ..." if len(found) > 12 else "")
                print("  " + w.phrase("which-move", answer=answer, n=len(found),
                                      numbers=numbers), file=out_)
            else:
                print("  " + w.phrase("not-a-move", answer=answer), file=out_)
    return choose


def match_moves(answer: str, moves: list[Placement], words: Words) -> list[int]:
    """The moves (their indexes) a person's ``[TILE] X Y [ROTATION] [FEATURE[:PORT]]``
    names: no feature means no follower, no rotation any; features and ports in the words
    of ``words`` or of the rule set (``stad:O`` and ``city:E`` alike)."""
    parts = answer.replace(",", " ").replace("°", " ").split()
    tile = parts.pop(0) if parts and not _is_int(parts[0]) else None
    if len(parts) < 2 or not _is_int(parts[0]) or not _is_int(parts[1]):
        return []
    at = (int(parts[0]), int(parts[1]))
    rest = parts[2:]
    rotation = int(rest.pop(0)) if rest and _is_int(rest[0]) else None
    if len(rest) > 1:
        return []
    spot = None
    if rest:
        feature, _, port_text = rest[0].partition(":")
        port = words.read_port(port_text) if port_text else None
        if port_text and port is None:
            return []
        spot = (feature.casefold(), port)
    found = []
    for i, move in enumerate(moves):
        if move.at != at or (rotation is not None and move.rotation != rotation):
            continue
        if tile is not None and (move.tile or "").casefold() != tile.casefold():
            continue
        follower = move.follower
        if spot is None:
            if follower is None:
                found.append(i)
            continue
        if follower is None:
            continue
        names = {follower.feature.casefold(), words.word(follower.feature).casefold()}
        if spot[0] in names and (spot[1] is None or spot[1] == follower.port):
            found.append(i)
    return found


def _first_square(state: State, root: int) -> tuple[int, int]:
    """The square of a feature's first tile: where a person looks for it."""
    return to_xy(state.features.node_key[min(state.features.members_of(root))])


def _is_int(text: str) -> bool:
    return text.lstrip("-+").isdigit()


def token_status(state: State, words: Words) -> list[str]:
    """Tokens as a person sees them before moving: those lying on the board (how many, on
    which feature, where), what each player holds, what is left in the supply."""
    told = []
    tables = state.tables
    for i, tok in enumerate(state.game.rules.tokens):
        lying = sorted((_first_square(state, root), tables.kinds[state.features.kind[root]].name,
                        counts[i]) for root, counts in state.features.tokens.items() if counts[i])
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
    return told


def make_bots(kinds: list[str], seats: int, seed: int, words: Words | None = None) -> list[Bot]:
    """One bot per seat; the last kind named fills the remaining seats."""
    kinds = kinds or ["random"]
    bots = []
    for seat in range(seats):
        kind = kinds[min(seat, len(kinds) - 1)]
        if kind == "human":
            bots.append(human_bot(words=words))
        else:
            bots.append(BOTS[kind](random.Random(seed * 7919 + seat)))
    return bots


# --- one game, told ---------------------------------------------------------------------
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


class _Teller:
    """Tells a game's moves as they happen: each move, the scorings and token movements it
    caused right under it, an extra turn right after them, why the game ended before the
    final scoring."""

    def __init__(self, state: State, words: Words, out: TextIO):
        self.state, self.words, self.out = state, words, out
        self.moves = 0
        self.events = 0
        self.tokens = len(state.token_events)  # the set-up's: told with the set-up
        self.ended = False

    def say(self, text: str, number: int | None = None) -> None:
        lead = f"{number:3}. " if number is not None else "     "
        print(lead + text, file=self.out)

    def step(self, extra: bool = False) -> None:
        """Tell the moves since the last call (a placement, then the discards drawing for
        the next turn), each by the player who made it, with what each caused; ``extra``:
        the placement gave its player another turn."""
        state, words = self.state, self.words
        moves = state.moves
        news = merged_events(state, self.events, self.tokens)
        self.events, self.tokens = len(state.events), len(state.token_events)
        end = state.end_reason
        aside = {i for i in state.supply.aside_moves if i >= self.moves}
        k = 0
        for i in range(self.moves, len(moves)):
            move = moves[i]
            name = state.players[state.move_seats[i]]
            if isinstance(move, Placement):
                self.say(f"{name}: {describe_move(move, words, state.game.rules)}", i)
            else:
                self.say(f"{name}: {describe_discard(move, words, i in aside)}", i)
            while k < len(news) and news[k].move <= i and not self._ends_at(news[k], end):
                self.tell(news[k])
                k += 1
            if extra and isinstance(move, Placement):
                self.say(words.phrase("extra", player=name))
                extra = False
        self.moves = len(moves)
        for event in news[k:]:  # the final scoring
            if self._ends_at(event, end):
                self.end()
            self.tell(event)
        if state.finished:
            self.end()

    def _ends_at(self, event, end) -> bool:
        """Whether ``event`` came with the end of the game (the final scoring)."""
        if isinstance(event, ScoreEvent):
            return event.when == "final"
        return end is not None and self.state.token_events.index(event) >= end.tokens_before

    def tell(self, event) -> None:
        text = (describe_event(event, self.words) if isinstance(event, ScoreEvent)
                else describe_token_event(event, self.words))
        if text:
            self.say(text)

    def end(self) -> None:
        if not self.ended:
            self.ended = True
            self.say(describe_end(self.state, self.words))


def play_one(game: Game, names: list[str], bot_kinds: list[str], seed: int,
             out: TextIO | None = None, lang: str = "en") -> State:
    """Play one game; with ``out``, tell it turn by turn (in language ``lang``)."""
    state = game.new_game(names, seed)
    words = Words(game.rules, lang) if out is not None or "human" in bot_kinds else None
    bots = make_bots(bot_kinds, len(names), seed, words)
    seating = getattr(state, "seating", None)  # a draw-off may turn the seats: bots follow
    if seating is not None:
        bots = [bots[i] for i in seating]
    if out is None:  # nothing to tell: the fast loop, which never builds move objects
        return play_out(state, bots)
    assert words is not None
    teller = _Teller(state, words, out)
    setup = describe_setup(state, words)
    if setup:
        print(f"     {setup}", file=out)
    tell_first_player(state, words, out)
    teller.step()  # discards before the first turn
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        state.apply_fast(*bots[state.current](state))
        teller.step(state.in_extra and not state.finished)
    teller.step()
    print(file=out)
    print(render_board(state, show_open=False, words=words, key=True), file=out)
    print(file=out)
    tell_result(state, words, out)
    return state


def tell_result(state: State, words: Words, out: TextIO) -> None:
    """Scores, tokens held, and the winner(s) — or, in a game not finished, who leads."""
    for name, score in zip(state.players, state.scores):
        print(f"  {name:>12}: {score}", file=out)
    for tok, held in zip(state.game.rules.tokens, state.tokens.held):
        for name, count in zip(state.players, held):
            if count:
                print("  " + words.phrase("holds", player=name, count=count,
                                          token=words.word(tok.name, count)), file=out)
    best = state.winners()
    if state.finished:
        key = "winner" if len(best) == 1 else "winners"
        print(f"  {words.phrase(key)}: {', '.join(best)}", file=out)
        return
    if len(best) < len(state.players):
        standing = f"{words.phrase('leading')}: {', '.join(best)}"
    elif max(state.scores) == 0:
        standing = words.phrase("no-points")
    else:
        standing = words.phrase("level", points=max(state.scores))
    print(f"  {words.phrase('not-finished')}; {standing}", file=out)


def result_json(state: State) -> dict:
    """``winners`` of a finished game; ``leaders`` (and no winners) of one that is not."""
    if state.finished:
        return {"winners": state.winners()}
    return {"winners": [], "leaders": state.winners()}


# --- many games ----------------------------------------------------------------------------
def play_many(game: Game, names: list[str], bot_kinds: list[str], seed: int, games: int,
              progress: bool = False) -> dict:
    """Play ``games`` games (seeds seed, seed+1, ...) and sum them up."""
    totals = [0] * len(names)
    wins = [0.0] * len(names)
    started = time.perf_counter()
    seeds: Iterable[int] = range(seed, seed + games)
    if progress:
        from tqdm import tqdm

        seeds = tqdm(seeds, unit="game", file=sys.stderr, leave=False)
    for s in seeds:
        state = play_one(game, names, bot_kinds, s)
        best = max(state.scores)
        winners = [i for i, v in enumerate(state.scores) if v == best]
        for i, v in enumerate(state.scores):
            totals[i] += v
        for i in winners:
            wins[i] += 1 / len(winners)
    elapsed = time.perf_counter() - started
    return {
        "rules": game.source, "variants": list(game.variant_refs), "games": games,
        "seed": seed, "bots": bot_kinds or ["random"],
        "players": names, "mean_scores": [round(t / games, 2) for t in totals],
        "win_rates": [round(w / games, 4) for w in wins],
        "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1),
    }


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
    lines.append(f"  {w.number(summary['games_per_second'], 1)} {w.phrase('games-per-s')} "
                 f"({w.number(summary['seconds'], 3)} s)")
    return "\n".join(lines)
