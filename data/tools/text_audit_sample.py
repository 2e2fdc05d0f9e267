#!/usr/bin/env python3
"""The seeded draw of cards with game text for a text audit (issue 12), repeatable.

Reads only data/abilities/*.toml. First draw (seed 20261204, 64 cards): one card per set, then
one per template not yet drawn, then weighted picks to 64. Second draw (seed 20261205, 20
cards): weighted picks among the cards the first did not draw. Weights: 1, +2 a player
decision (optional text, deck search, step action, one-off, destiny rule, counters, a cost),
+3 a one-off, +2 dueling text, +2 Boonta Eve Podrace or handling, +2 Double Impact or Armed &
Dangerous.

Third pass (an explicit list, THIRD below, 182 cards): every card with game text that the two
draws left out, the cards of the example decks first, then the rest by set. Each scan was read
against data/cards, its specification, its `yj cards show` sentence and the engine's template
for it. RF-A9 is the one card not in any list: no scan of it exists (data/cards/NOTES.md), so
its text has never been read. The three lists together hold every other card with text; the
script checks that and says so on stderr.

    python3 data/tools/text_audit_sample.py            # all three, one card a line
"""
import glob
import random
import sys
import tomllib


# The third pass, in the order read: the cards of examples/decks/*.txt (example:light and
# example:dark are light.txt and dark.txt), then the rest by set.
THIRD = """
    DM-49 DM-51 DM-58 BP-2 EDM-P1 DM-57 DM-61 DM-63 DM-121 DM-131 BN-72 DF-31 DF-32 DF-45 DF-46
    DF-47 DF-51 DF-60 DF-2 DF-5 DF-3 DF-14 DF-22 DF-8 DF-11 DF-30 BP-36 BP-41 BP-47 BP-48 BP-49
    BP-59 BP-31 BP-32 BP-52 BP-53 BP-54 BP-55 BP-56 BP-57 BP-43 BN-2 BP-20 BP-29 BP-10 BP-24
    BP-25 BP-26 BP-27 BP-7 BP-8 BP-9 BP-30 RF-A3 RF-A4 BN-10 RF-C1 RF-C2 RF-C3 RF-C4 RF-C5
    BN-119 BN-122 BN-128 BN-44 BN-45 BN-47 BN-50 JC-120 JC-121 JC-128 JC-131 JC-55 JC-58 JC-59
    JC-61 JC-62 DM-60
    BN-3 BN-7 BN-46 BN-48 BN-51 BN-52 BN-53 BN-54 BN-55 BN-56 BN-57 BN-59 BN-61 BN-62 BN-77
    BN-78 BN-124 BN-125 BN-129 BN-130 BN-132 BP-39 BP-44 BP-46 DF-4 DF-9 DF-10 DF-17 DF-18 DF-23
    DF-24 DF-25 DF-27 DF-29 DF-34 DF-36 DF-38 DF-39 DF-40 DF-44 DF-49 DF-54 DF-55 DF-59 DM-47
    DM-48 DM-50 DM-53 DM-55 DM-62 DM-64 DM-126 DM-128 DM-132 DM-134 EBN-P8 EBN-P10 EBN-P13
    EBN-P14 EBN-P15 EBN-P16 EBN-P17 EBN-P18 EBN-P19 EDM-P2 EDM-P3 EDM-P5 EDM-P6 JC-53 JC-54
    JC-60 JC-63 JC-64 JC-122 JC-124 JC-125 JC-126 JC-127 JC-129 JC-130 JC-132 JC-133 JC-134
    RF-A8 RF-A10 RF-A11 RF-C6 RF-C8 RF-C10 RF-C11 RF-C12 RF-C13 RF-C14 RF-DI2 RF-DI3 RF-DI4
    RF-DI8 RF-DI10 RF-DI14 V1-JC-4 V1-JC-12 V1-JC-14 V1-JC-32 V1-JC-42
""".split()

# Cards with text no pass read: no scan exists.
UNREAD = ["RF-A9"]


def cards():
    out = []
    for f in sorted(glob.glob("data/abilities/*.toml")):
        for c in tomllib.load(open(f, "rb"))["card"]:
            out.append((c["id"], sorted({a["template"] for a in c["ability"]}), c))
    return sorted(out, key=lambda x: x[0])


def weight(cid, ts, c):
    w = 1.0
    decision = any(
        a.get("optional")
        or a["template"]
        in ("deck-search", "step-action", "one-off", "destiny", "counters-per-turn")
        or a.get("cost")
        for a in c["ability"]
    )
    if decision:
        w += 2
    if "one-off" in ts:
        w += 3
    if "duel" in ts or any(
        a["template"] == "restriction" and "duel" in a["rule"] for a in c["ability"]
    ):
        w += 2
    if cid.startswith("BP-") or "extra-handling" in ts:
        w += 2
    if cid.startswith("RF-DI") or cid.startswith("RF-A"):
        w += 2
    return w


def draw(all_cards, seed, size, strata, exclude=()):
    rng = random.Random(seed)
    chosen = []

    def pick(pool):
        pool = [x for x in pool if x[0] not in chosen and x[0] not in exclude]
        if pool:
            chosen.append(rng.choices(pool, [weight(*x) for x in pool])[0][0])

    if strata:
        for s in sorted({x[0].split("-")[0] for x in all_cards}):
            pick([x for x in all_cards if x[0].split("-")[0] == s])
        templates = {x[0]: x[1] for x in all_cards}
        for t in sorted({t for x in all_cards for t in x[1]}):
            if not any(t in templates[cid] for cid in chosen):
                pick([x for x in all_cards if t in x[1]])
    while len(chosen) < size:
        pick(all_cards)
    return chosen


if __name__ == "__main__":
    all_cards = cards()
    first = draw(all_cards, 20261204, 64, True)
    second = draw(all_cards, 20261205, 20, False, set(first))
    templates = {x[0]: x[1] for x in all_cards}
    seen = first + second + THIRD
    assert len(set(seen)) == len(seen), "a card is in two lists"
    assert set(seen) <= set(templates), sorted(set(seen) - set(templates))
    left = sorted(set(templates) - set(seen) - set(UNREAD))
    print(
        f"{len(seen)} of {len(templates)} cards with text audited; "
        f"not read: {', '.join(UNREAD)} (no scan); left: {', '.join(left) or 'none'}",
        file=sys.stderr,
    )
    for n, ids in (("first", first), ("second", second), ("third", THIRD)):
        for cid in ids:
            print(n, cid, ",".join(templates[cid]))
