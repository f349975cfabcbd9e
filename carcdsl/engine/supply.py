"""The supply: the draw pile (a stack or a bag), hands, and tiles set aside.

The pile is shuffled once by the game's generator and drawn from its end. A bag's tiles that
fit nowhere are set aside and go back in at random places after the next placement.
"""

from __future__ import annotations

import random

from carcdsl.compile.facts import unshuffled_pile
from carcdsl.compile.tables import Tables


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, exactly as uniform, without its three Python-level calls
    (the bag, and ``State.sample_move``)."""
    bits = n.bit_length()
    j = rng.getrandbits(bits)
    while j >= n:
        j = rng.getrandbits(bits)
    return j


def new_pile(tb: Tables, rng: random.Random | None) -> list[int]:
    """A game's pile: the pile before the shuffle (``compile.facts.unshuffled_pile``), each
    draw group shuffled on its own by the game's generator (none: a replay without a seed,
    which leaves it as it is), reversed to be drawn from its end."""
    pile, ends = unshuffled_pile(tb)
    if rng is not None:
        begin = 0
        for end in ends:
            group = pile[begin:end]
            rng.shuffle(group)
            pile[begin:end] = group
            begin = end
    pile.reverse()
    return pile


def _shuffled(tiles: list[int], rng: random.Random) -> list[int]:
    """A uniformly random order of ``tiles``, sorted by random keys: the same as
    ``rng.shuffle`` in distribution, and about 2.5 times as fast for a pile of tiles."""
    key = rng.random
    return sorted(tiles, key=lambda _: key())


class Supply:
    """Tiles not yet played: the pile, hands, and a bag's set-aside tiles."""

    __slots__ = ("pile", "hands", "hand_size", "hands_known", "aside", "aside_moves", "rng",
                 "bag", "rank", "hidden", "held", "held_moves", "owned", "closing",
                 "kept_moves")

    def __init__(self, pile: list[int], rng: random.Random | None, bag: bool,
                 rank: tuple[int, ...] = ()):
        self.pile = pile
        self.rank = rank
        """Per tile type, its group's place in the draw order (empty: one pile); the pile
        holds the groups one after the other, so only the next group's tiles may be drawn."""
        """Tile types still to draw; the next is the last."""
        self.hands: list[list[int]] | None = None
        """Per seat, the tiles held (None: a tile is drawn each turn)."""
        self.hand_size = 0
        self.hands_known = True
        """Whether the hands dealt are the players' real hands. A record replayed without a
        seed does not say them: a move may name any tile still in play."""
        self.aside: list[int] = []
        """Bag: tiles that fit nowhere, back into the bag after the next placement."""
        self.aside_moves: list[int] = []
        """Bag: the indices in the move list of the discards whose tile was set aside."""
        self.rng = rng
        """The game's own generator: the shuffle, then bag returns."""
        self.hidden: list[int] = []
        """Tiles a rule hid (``hide N tiles``): out of the game, never seen. A record replayed
        without a seed does not know which they are (``hold``)."""
        self.bag = bag
        self.held: list[int] = []
        """Tiles held back until a neutral figure comes on (``hold back K until F``)."""
        self.held_moves: list[int] = []
        """The indices in the move list of the discards whose tile was held back."""
        self.owned: list[list[int]] | None = None
        """Per seat, the tiles it owns and may play instead of drawing (``engine.owned``);
        None: no rule gives any."""
        self.kept_moves: list[int] = []
        """The indices in the move list of the last turns that kept an owned tile."""
        self.closing: list[int] | None = None
        """Once the pile is empty: the seats whose last turn for their owned tiles is still
        to come, in order (None: not yet)."""

    def copy(self) -> Supply:
        new = Supply.__new__(Supply)
        new.pile, new.hand_size, new.hands_known = self.pile[:], self.hand_size, self.hands_known
        new.hands = [hand[:] for hand in self.hands] if self.hands is not None else None
        new.aside, new.bag, new.rank = self.aside[:], self.bag, self.rank
        new.hidden, new.held, new.held_moves = self.hidden[:], self.held[:], self.held_moves[:]
        new.aside_moves = self.aside_moves[:]
        new.owned = [o[:] for o in self.owned] if self.owned is not None else None
        new.closing = self.closing[:] if self.closing is not None else None
        new.kept_moves = self.kept_moves[:]
        new.rng = self.rng
        if self.bag and self.rng is not None:  # only the bag draws from it after set-up
            new.rng = random.Random()
            new.rng.setstate(self.rng.getstate())
        return new


    def deal(self, seats: int, size: int) -> None:
        """Hands of ``size`` tiles, dealt seat by seat."""
        self.hand_size = size
        self.hands = [[] for _ in range(seats)]
        for seat in range(seats):
            self.refill(seat)

    def refill(self, seat: int) -> None:
        assert self.hands is not None  # only rule sets with hands refill them
        hand, size, pile = self.hands[seat], self.hand_size, self.pile
        while len(hand) < size and pile:
            hand.append(pile.pop())

    def hide(self, n: int) -> None:
        """``hide N tiles``: the last ``n`` tiles of the pile (those drawn last) leave the game
        unseen, or as many as are left. As random as any, being shuffled, and the tiles drawn
        before them stay as they were."""
        n = min(n, len(self.pile))
        self.hidden += self.pile[:n]
        del self.pile[:n]

    def may_be_hidden(self, t: int) -> bool:
        """A record replayed without a seed: tile type ``t``, not in the pile, may be one of
        the hidden tiles, whose identity nobody saw (``hold`` brings it back)."""
        return self.rng is None and t in self.hidden and bool(self.pile)

    def reveal(self, t: int) -> None:
        """A tile a record plays that may be hidden (``may_be_hidden``) changes places with
        the tile drawn last: which tiles are hidden was never known."""
        if t not in self.pile and self.may_be_hidden(t):
            hidden = self.hidden
            hidden[hidden.index(t)], self.pile[0] = self.pile[0], t

    def remove(self, t: int) -> None:
        """Take tile type ``t`` from the pile: the drawn tile, or (a replayed record) the
        last copy of it."""
        pile = self.pile
        if pile[-1] == t:
            pile.pop()
        else:
            del pile[len(pile) - 1 - pile[::-1].index(t)]

    def draw(self, t: int) -> int:
        """The chance step of a draw, decided by the caller: the last copy of tile type ``t``
        becomes the next tile drawn, the rest keeping their order. Returns where it was, for
        ``undraw``."""
        self.reveal(t)
        pile = self.pile
        i = len(pile) - 1 - pile[::-1].index(t)
        pile.append(pile.pop(i))
        return i

    def undraw(self, i: int) -> None:
        """Put the drawn tile back where ``draw`` took it from."""
        self.pile.insert(i, self.pile.pop())

    def drawable(self, t: int) -> bool:
        """Whether tile type ``t`` may come next: it is in the pile, in the group drawn now."""
        if not self.rank:
            return t in self.pile or self.may_be_hidden(t)
        return (bool(self.pile) and self.rank[t] == self.rank[self.pile[-1]]
                and (t in self.pile or self.may_be_hidden(t)))

    def chances(self) -> dict[int, int]:
        """Tile type -> copies that may be drawn next (those of the group drawn now): what
        the next draw may bring, and how likely."""
        counts: dict[int, int] = {}
        rank = self.rank
        now = rank[self.pile[-1]] if rank and self.pile else None
        for t in self.pile:
            if now is None or rank[t] == now:
                counts[t] = counts.get(t, 0) + 1
        return counts

    def is_empty(self) -> bool:
        """No tile left to play: the pile and every hand are empty."""
        if self.pile:
            return False
        return self.hands is None or not any(self.hands)

    def in_play(self, t: int) -> bool:
        """Whether tile type ``t`` is in the pile or in some hand."""
        return (t in self.pile or any(t in hand for hand in self.hands or ())
                or self.may_be_hidden(t))

    def hold(self, seat: int, t: int) -> None:
        """Hands not known: ``seat`` is taken to hold tile ``t``, which is still in play.
        When the hand dealt lacks it, ``t`` changes places with the first tile of that hand:
        it comes from the pile when a copy is left there, else from the hand that holds it.
        Hand sizes, the pile's size and the tiles in play stay as they were.

        Likewise a tile a record plays that is taken to be hidden (``may_be_hidden``) changes
        places with the tile drawn last."""
        self.reveal(t)
        if self.hands is None or self.hands_known:
            return
        hand = self.hands[seat]
        if t in hand:
            return
        pile = self.pile
        if t in pile:
            pile[len(pile) - 1 - pile[::-1].index(t)] = hand[0]
        else:
            holder = next((h for h in self.hands if t in h), None)
            if holder is None:
                return  # in no hand nor the pile: a tile the mover owns (``owned``)
            holder[holder.index(t)] = hand[0]
        hand[0] = t

    def set_aside(self, t: int, move_index: int) -> None:
        self.aside.append(t)
        self.aside_moves.append(move_index)

    def return_aside(self, moves: int) -> None:
        """Bag: the tiles set aside go back into the bag at random places."""
        rng = self.rng or random.Random(moves)
        for t in self.aside:
            self.pile.insert(below(rng, len(self.pile) + 1), t)
        self.aside = []

    def resample(self, rng: random.Random, seat: int, keep_drawn: bool,
                 hands_open: bool = False) -> None:
        """Reshuffle what ``seat`` cannot know, from ``rng`` (a search's determinisation):
        the order of the pile (but the drawn tile, ``keep_drawn``) and, with hidden hands,
        which of the unseen tiles the other players hold, and which tiles a rule hid (nobody
        saw them). Tiles change places only with
        tiles of the same draw group, so the groups' order stays; a bag's returns get a
        generator of their own from ``rng``. What ``seat`` sees is left as it is: its own
        hand, the drawn tile, the tiles set aside, how many tiles each hand and the pile hold.

        The unseen tiles are sorted before they are shuffled, so the outcome depends on
        ``rng`` and on what ``seat`` may know, never on the hidden order it replaces."""
        pile, hands = self.pile, self.hands
        if hands is None and not self.rank:  # the usual case, without the bookkeeping
            top = len(pile) - 1 if keep_drawn and pile else len(pile)
            if self.hidden:  # nobody saw them: any unseen tile may be one
                unseen = _shuffled(sorted(pile[:top] + self.hidden), rng)
                pile[:top], self.hidden = unseen[:top], unseen[top:]
            else:
                pile[:top] = _shuffled(sorted(pile[:top]), rng)
            if self.bag:
                self.rng = random.Random(rng.getrandbits(64))
            return
        slots: list[tuple[list[int], int]] = [
            (pile, i) for i in range(len(pile) - 1 if keep_drawn and hands is None
                                     else len(pile))]
        if hands is not None and not hands_open:
            slots += [(hand, i) for s, hand in enumerate(hands) if s != seat
                      for i in range(len(hand))]
        slots += [(self.hidden, i) for i in range(len(self.hidden))]
        rank = self.rank
        groups: dict[int, list[tuple[list[int], int]]] = {}
        for slot in slots:
            groups.setdefault(rank[slot[0][slot[1]]] if rank else 0, []).append(slot)
        for _, group in sorted(groups.items()):
            tiles = _shuffled(sorted(where[i] for where, i in group), rng)
            for (where, i), t in zip(group, tiles):
                where[i] = t
        if self.bag:
            self.rng = random.Random(rng.getrandbits(64))

    def left(self) -> list[int]:
        """Tiles never played: the pile in draw order, the hands, the tiles set aside."""
        return [*self.pile[::-1], *(t for hand in self.hands or () for t in hand), *self.aside,
                *self.held]
