#!/usr/bin/env python3
"""The seeded draw of cards with game text for a text audit (issue 12), repeatable.

Reads only data/abilities/*.toml. First draw (seed 20261204, 64 cards): one card per set, then
one per template not yet drawn, then weighted picks to 64. Second draw (seed 20261205, 20
cards): weighted picks among the cards the first did not draw. Weights: 1, +2 a player
decision (optional text, deck search, step action, one-off, destiny rule, counters, a cost),
+3 a one-off, +2 dueling text, +2 Boonta Eve Podrace or handling, +2 Double Impact or Armed &
Dangerous.

    python3 data/tools/text_audit_sample.py            # both draws, one card a line
"""
import glob
import random
import tomllib


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
    for n, ids in (("first", first), ("second", second)):
        for cid in ids:
            print(n, cid, ",".join(templates[cid]))
