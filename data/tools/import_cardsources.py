#!/usr/bin/env python3
"""Build data/cards/*.csv from the community card sources (developer tool).

Never run by the build, the tests or users: it reads ../shared/cardsources, which only
developers have. Its output, data/cards/*.csv, is committed and is what `yj` embeds.

    python3 data/tools/import_cardsources.py [--shared ../shared] [--readings DIR]

Sources, in order of trust:
  1. image readings (--readings DIR): CSV files transcribed from the card scans
     (see data/cards/README.md); where present they win on every fact;
  2. devokun/*.csv (the community index: ids, titles, dots, most statistics);
  3. orehruoy/*.json (location bonuses, weapon bonuses, card types).
Only facts are taken. Lore and game text are never copied; the `ability` column holds
our own paraphrases and is filled only from readings.
"""
import argparse, csv, json, os, re, sys, unicodedata
from collections import defaultdict

SETS = [  # devokun file, our code, community set index
    ("menaceofdarthmaul", "DM", 1), ("thejedicouncil", "JC", 2), ("battleofnaboo", "BN", 3),
    ("enhancedmenaceofdarthmaul", "EDM", 4), ("duelofthefates", "DF", 5),
    ("enhancedbattleofnaboo", "EBN", 6), ("reflections", "RF", 7), ("boontaevepodrace", "BP", 8),
    ("vset1", "V1", 101),
]
COLOURS = ["red", "orange", "blue", "yellow", "green", "purple"]
PLANET_OF_SITE = {
    "tatooinemosespa": "tatooine", "tatooinedesertlanding": "tatooine",
    "tatooinedesertlandingsite": "tatooine", "tatooinepodracearena": "tatooine",
    "coruscantjedicouncilchamber": "coruscant", "coruscantgalacticsenate": "coruscant",
    "coruscantcapitalcity": "coruscant", "nabootheedpalace": "naboo",
    "naboobattleplains": "naboo", "naboogunganswamp": "naboo",
}
COLUMNS = ("id set number gemp_id title subtitle side type starship_class rarity dots diamond "
           "stackable counters power planet bonus damage destiny counters2 destiny2 use1_who use1_dots use1_cubes "
           "use2_who use2_dots use2_cubes use3_who use3_dots use3_cubes replaces traits ability "
           "checked").split()
PRINTING_COLUMNS = "card_id finish foil_number foil_tier source gemp_id note".split()


def slug(s):
    s = unicodedata.normalize("NFKD", s)
    return re.sub(r"[^a-z0-9]", "", s.encode("ascii", "ignore").decode().lower())


def split_title(full):
    if ", " in full and " & " not in full:
        t, st = full.split(", ", 1)
        return t.strip(), st.strip()
    return full.strip(), ""


def num(v):
    v = (v or "").strip()
    if v in ("", "None", "none"):
        return ""
    return v if v == "?" or re.fullmatch(r"-?\d+", v) else ""


def dots_of(row):
    out = ""
    for i, colour in enumerate(COLOURS, 1):
        v = (row.get(f"row{i}color") or "").strip().lower()
        if v == "white":
            out += "w"
        elif v == colour:
            out += colour[0]
        elif v in ("", "none"):
            out += "-"
        else:  # a colour in the wrong position: a source error
            return ""
    # More than one coloured dot cannot be printed: the source is wrong, the dots unknown.
    return out if sum(ch not in "w-" for ch in out) <= 1 else ""


RARITY = {"common": "common", "uncommon": "uncommon", "rare": "rare", "ultra-rare": "ultra-rare",
          "starter set": "starter", "pm": "premium"}
TYPE = {"character": "character", "weapon": "weapon", "battle": "battle", "effect": "effect",
        "starship": "starship", "location": "location", "objective": "objective",
        "armedanddangerous": "armed-and-dangerous", "combobattle": "combo-battle",
        "doubleimpact": "double-impact"}


def derive_traits(card):
    """Traits the rules test, from the card's name (data/rules/RULINGS.md R1, rulebook 'Game Concepts').

    An Armed & Dangerous card is `Character, Subtitle & Weapon`: character traits come from
    the character's part, weapon traits from the weapon's.
    """
    full = f"{card['title']} {card['subtitle']}"
    character_name = weapon_name = ""
    if card["type"] == "character":
        character_name = full
    elif card["type"] == "weapon":
        weapon_name = full
    elif card["type"] == "armed-and-dangerous":
        character_name, _, weapon_name = full.partition(" & ")
    t = []
    name = character_name.lower()
    if name:
        # RULINGS.md E5 (Anakin Skywalker is never a Jedi): EBN-P9 is tested by the Jedi Council, not one of them.
        if "jedi" in name and "tested by the jedi council" not in name:
            t.append("jedi")
            # Rulebook "Jedi Masters & Bounty Hunters".
            if not any(x in name for x in ("ki-adi-mundi", "obi-wan kenobi")):
                t.append("jedi-master")
        for word, trait in (("senator", "senator"), ("gungan", "gungan"),
                            ("neimoidian", "neimoidian"), ("handmaiden", "handmaiden"),
                            ("battle droid", "battle-droid"), ("destroyer droid", "destroyer-droid"),
                            ("bounty hunter", "bounty-hunter"), ("tusken raider", "tusken-raider")):
            if word in name:
                t.append(trait)
        # Rulebook "Boonta Eve Classic": every Anakin Skywalker and every Sebulba is a
        # Podracer pilot (RULINGS.md R1: this covers Sebulba, Bad-Tempered Dug).
        if "podracer pilot" in name or name.startswith(("anakin skywalker", "sebulba")):
            t.append("podracer-pilot")
        if name.startswith("aurra sing") and "bounty-hunter" not in t:
            t.append("bounty-hunter")
    name = weapon_name.lower()
    if name:
        if "lightsaber" in name:
            t.append("lightsaber")
        if "podracer" in name:
            t.append("podracer")
        if "blaster" in name:
            t.append("blaster")
    return ";".join(t)


def read_devokun(shared, fname):
    path = os.path.join(shared, "cardsources", "devokun", fname + ".csv")
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="|", quotechar="^"))


def read_orehruoy(shared, fname):
    path = os.path.join(shared, "cardsources", "orehruoy", fname + ".json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        cards = json.load(f)["cards"]
    return {os.path.splitext(c.get("image") or "")[0].lower(): c for c in cards}


def base_image(row):
    return os.path.splitext(os.path.basename(row["image"]))[0].lower()


def card_from_sources(code, index, row, ore):
    title, subtitle = split_title(row["title"])
    ctype = TYPE.get(row["type"].strip().lower(), row["type"].strip().lower())
    if ore and ore.get("type") in ("battle", "weapon") and ctype in ("battle", "weapon"):
        ctype = ore["type"]  # devokun types some battle cards as weapons
    number = row["id"].strip()
    card = {c: "" for c in COLUMNS}
    card.update(set=code, number=number, id=f"{code}-{number}", gemp_id=row["gempId"].strip(),
                title=title, subtitle=subtitle, side=row["side"].strip().lower(), type=ctype,
                rarity=RARITY.get(row["rarity"].strip().lower(), row["rarity"].strip().lower()),
                dots=dots_of(row), counters=num(row["counters"]), damage=num(row["damage"]),
                destiny=num(row["destiny"]), power=num(row["power"]))
    for i in (1, 2):
        who = (row.get(f"whoCanUseTheCard{i}") or "").strip()
        if who and not who.startswith("["):
            card[f"use{i}_who"] = who
            card[f"use{i}_dots"] = num(row.get(f"powerdots{i}"))
            card[f"use{i}_cubes"] = num(row.get(f"powercubes{i}"))
    if ore:
        if ore.get("bonus1loc"):
            card["planet"] = PLANET_OF_SITE.get(ore["bonus1loc"], "")
            card["bonus"] = "/".join(str(ore.get(f"bonus{i}", 0)) for i in (1, 2, 3))
        if ore.get("type") == "weapon" and not card["use1_who"] and ore.get("canUse"):
            card["use1_who"] = ore["canUse"]
            card["use1_dots"] = str(ore.get("powerAdd", ""))
            card["use1_cubes"] = str(ore.get("destinyAdd", ""))
            if ore.get("canUse2"):
                card["use2_who"] = ore["canUse2"]
                card["use2_dots"] = str(ore.get("powerAdd2", ""))
                card["use2_cubes"] = str(ore.get("destinyAdd2", ""))
        card["stackable"] = "yes" if ore.get("stackable") else "no"
        card["diamond"] = "no" if ore.get("uniqueness") else "yes"
    if ctype == "location":
        card["title"], card["subtitle"] = row["title"].replace("  ", " ").strip(), ""
        card["planet"] = slug(card["title"].split("•")[0]) if "•" in card["title"] else \
            next((p for p in ("tatooine", "coruscant", "naboo") if p in slug(card["title"])), "")
    if code == "V1":
        card["rarity"] = "virtual"
        m = re.fullmatch(r"JC(\d+)(X?)", number)
        card["number"] = f"JC-{m.group(1)}" + ("*" if m.group(2) else "")
        card["id"] = f"V1-JC-{m.group(1)}"
        card["replaces"] = f"JC-{m.group(1)}"
    return card


def load_parts(readings_dir):
    """Second-part facts of two-part Reflections cards (RF-parts.csv), keyed by scan."""
    path = os.path.join(readings_dir or "", "RF-parts.csv")
    if not os.path.exists(path):
        return {}
    with open(path, newline="", encoding="utf-8") as f:
        return {r["image"]: r for r in csv.DictReader(f)}


def load_abilities(readings_dir):
    """The project's ability notes (abilities.csv: image, ability), which replace the readers'
    first paraphrases so that no printed sentence survives."""
    path = os.path.join(readings_dir or "", "abilities.csv")
    if not os.path.exists(path):
        return {}
    with open(path, newline="", encoding="utf-8") as f:
        return {r["image"]: r["ability"].strip() for r in csv.DictReader(f)}


def load_readings(readings_dir):
    """Image readings keyed by scan path (relative to cardsources)."""
    out = {}
    if not readings_dir:
        return out
    for name in sorted(os.listdir(readings_dir)):
        if not name.endswith(".csv") or "disagreements" in name \
                or name in ("RF-parts.csv", "abilities.csv") \
                or not os.path.isfile(os.path.join(readings_dir, name)):
            continue
        with open(os.path.join(readings_dir, name), newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                out[row["image"].strip()] = row
    return out


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap.add_argument("--shared", default=os.path.join(root, "..", "shared"))
    ap.add_argument("--readings", default=os.path.join(root, "data", "cards", "readings"))
    ap.add_argument("--out", default=os.path.join(root, "data", "cards"))
    args = ap.parse_args()

    cards, printings, problems = defaultdict(list), [], []
    by_title = {}  # (title, subtitle) slug -> card id, for linking foil reprints
    reflections_rows = []
    for fname, code, index in SETS:
        rows = read_devokun(args.shared, fname)
        ore = read_orehruoy(args.shared, fname)
        for row in rows:
            if code == "RF":
                reflections_rows.append(row)
                continue
            if row["type"].strip().lower() == "foil":
                printings.append(("BN-foil", row))
                continue
            card = card_from_sources(code, index, row, ore.get(base_image(row)))
            card["_image"] = "images" + os.path.splitext(row["image"])[0] + ".png"
            cards[code].append(card)
            by_title.setdefault(slug(card["title"] + card["subtitle"]), card["id"])

    # Reflections: new cards (A&D, combo battle, double impact) and foil reprints.
    ore_rf = read_orehruoy(args.shared, "reflections")
    double_impacts = []
    for row in reflections_rows:
        rtype = TYPE.get(row["type"].strip().lower(), "")
        if rtype in ("armed-and-dangerous", "combo-battle", "double-impact"):
            card = card_from_sources("RF", 7, row, ore_rf.get(base_image(row)))
            card["title"], card["subtitle"] = row["title"].strip(), ""
            card["rarity"] = "premium"
            card["_image"] = "images" + os.path.splitext(row["image"])[0] + ".png"
            card["number"] = ""  # printed A/C numbers come from the scans (readings)
            card["id"] = ""
            if rtype == "double-impact":
                double_impacts.append(card)
            cards["RF"].append(card)
        else:
            printings.append(("RF-foil", row))
    # Double Impact cards print no number: ids RF-DI1..RF-DI14, by alphabetical order of the
    # full title. The set is closed (out of print), so the order never changes.
    for i, card in enumerate(sorted(double_impacts, key=lambda c: slug(c["title"])), 1):
        card["number"], card["id"] = f"DI{i}", f"RF-DI{i}"
    # Shmi Skywalker P7 is the only promotional card; its only scan is the Reflections foil.
    for kind, row in printings:
        if kind == "RF-foil" and row["title"].startswith("Shmi Skywalker"):
            card = card_from_sources("PR", 0, row, ore_rf.get(base_image(row)))
            card.update(number="P7", id="PR-P7", gemp_id="", rarity="premium")
            card["_image"] = "images" + os.path.splitext(row["image"])[0] + ".png"
            cards["PR"].append(card)
            by_title.setdefault(slug(card["title"] + card["subtitle"]), card["id"])

    readings = load_readings(args.readings)
    apply_readings(cards, readings, problems)
    abilities = load_abilities(args.readings)
    for rows in cards.values():
        for card in rows:
            if card.get("_image") in abilities:
                card["ability"] = abilities[card["_image"]]
    parts = load_parts(args.readings)
    for card in cards["RF"]:
        part = parts.get(card.get("_image", ""))
        if part:
            # Counters are given for both parts (a Double Impact's left half is usually a
            # battle card without any); destiny2 only where the reading lacks it.
            for col in ("counters", "counters2"):
                card[col] = part[col].strip()
            card["destiny2"] = part["destiny2"].strip() or card["destiny2"]
    add_unscanned_armed_and_dangerous(cards, ore_rf)
    number_reflections(cards, readings, ore_rf, problems)
    # Titles as printed (after the readings) decide which card a reprint links to.
    by_title = {}
    for code in ("DM", "JC", "BN", "EDM", "DF", "EBN", "PR", "BP"):
        for card in cards[code]:
            by_title.setdefault(slug(card["title"] + card["subtitle"]), card["id"])

    foil_rows, printing_notes = [], [
        "Battle of Naboo booster foils F1-F18: numbers and tiers (ultra-rare, super-rare, "
        "very-rare) come from the community index; only F1, F2, F10 and F11 have scans. Those "
        "four print a five-point star (the regular card's rare star), not a tier mark: the tier "
        "is the index's classification, not something printed.",
        "Menace of Darth Maul and The Jedi Council booster foils, and foils printed with a "
        "card's own number (most likely the 23 tournament-prize foils), are known only from "
        "scan file names (foil-scan-names.txt). A printing is recorded when the name fits "
        "exactly one card; the others are listed below with their candidates.",
        "Reflections: the rulebook counts 60 foil reprints; the community index lists 59 and "
        "no scan or source names the 60th, so it is not recorded. Each reprint keeps its "
        "original card's set icon and number (16 of the reprint scans are byte-identical to "
        "the originals); rows whose index entry points at a shared, wrong scan "
        "(amidalasstarshipboonta, which actually shows Aurra Sing, Trophy Collector) are "
        "linked by title. Every reprint scan prints a five-point star.",
        "Reflections Double Impact cards are two earlier Battle/Effect cards printed side by "
        "side; each half keeps its original icon, rarity mark and number, too small to read on "
        "the scans. RF-A9 (OOM-9 & Battle Droid Blaster Rifle) has no scan: its number is the "
        "only A-number no scan shows, its statistics come from one community source, and its "
        "dots stay unknown.",
        "Premium cards (EDM, EBN, PR and the Reflections reprints of them) print a five-point "
        "star; the catalogue files them under `premium`, as the rulebook counts them.",
    ]
    for kind, row in printings:
        t, st = split_title(row["title"])
        target = by_title.get(slug(t + st))
        if kind == "BN-foil":
            # Battle of Naboo booster foils reprint Battle of Naboo cards.
            target = next((c["id"] for c in cards["BN"]
                           if slug(c["title"] + c["subtitle"]) == slug(t + st)), None)
            tier = row["rarity"].lower().replace(" foil", "").replace(" ", "-")
            if not target:
                problems.append(f"BN foil {row['id']} {row['title']}: no base card found")
            foil_rows.append(dict(card_id=target or "", finish="foil", foil_number=row["id"],
                                  foil_tier=tier, source="booster", gemp_id=row["gempId"], note=""))
        else:
            image = "images" + os.path.splitext(row["image"])[0] + ".png"
            reading = readings.get(image)
            if reading and image not in SHARED_RF_SCANS:
                # The scan decides which card this reprint is (its printed set and number).
                target = reprint_base(reading, cards) or target
            if not target:
                problems.append(f"Reflections foil {row['id']} {row['title']}: no base card found")
            foil_rows.append(dict(card_id=target or "", finish="foil", foil_number="", foil_tier="",
                                  source="reflections", gemp_id=row["gempId"], note=""))

    foil_rows += foils_from_scan_names(args.shared, cards, foil_rows, printing_notes)
    for code in list(cards):
        missing = [c for c in cards[code] if not c["id"]]
        for c in missing:
            problems.append(f"{code} {c['title']}: printed number unknown (no reading); left out")
        cards[code] = [c for c in cards[code] if c["id"]]
    foil_rows = [p for p in foil_rows if p["card_id"]]
    for code, rows in cards.items():
        for card in rows:
            card["traits"] = derive_traits(card)
        rows.sort(key=sort_key)
        with open(os.path.join(args.out, f"{code}.csv"), "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, COLUMNS, lineterminator="\n")
            w.writeheader()
            for card in rows:
                w.writerow({k: card[k] for k in COLUMNS})
    with open(os.path.join(args.out, "printings.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, PRINTING_COLUMNS, lineterminator="\n")
        w.writeheader()
        for p in foil_rows:
            w.writerow(p)
    checklists = {code: read_checklist(args.shared, fname) for fname, code, _ in SETS}
    write_notes(cards, args.readings, os.path.join(args.out, "NOTES.md"), printing_notes,
                checklists, readings)
    for p in problems:
        print("warning:", p, file=sys.stderr)
    print({code: len(rows) for code, rows in cards.items()}, len(foil_rows), "foil printings")


def load_disagreements(readings_dir):
    rows = []
    if not readings_dir or not os.path.isdir(readings_dir):
        return rows
    for name in sorted(os.listdir(readings_dir)):
        if name.endswith(".disagreements.csv"):
            with open(os.path.join(readings_dir, name), newline="", encoding="utf-8") as f:
                rows.extend(csv.DictReader(f))
    return rows


def md(text):
    return (text or "").replace("|", "\\|").replace("\n", " ").strip()


SAMPLE_FIELDS = ("printed_number title subtitle side type starship_class rarity dots diamond "
                 "stackable counters power bonus_planet bonus damage destiny use1_dots "
                 "use1_cubes use2_dots use2_cubes use3_dots use3_cubes").split()


def compare_second_reader(readings_dir, readings):
    """Compares the independent second reader's sample with the first readings."""
    folder = os.path.join(readings_dir or "", "second-reader")
    if not os.path.isdir(folder):
        return []

    def norm(field, v):
        v = (v or "").strip()
        if field in ("title", "subtitle"):
            v = re.sub("[\u2018\u2019]", "'", v).lower()
        if field.startswith("use") and v == "0":
            v = ""
        return v

    rows = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".csv") and name != "resolutions.csv":
            rows += list(csv.DictReader(open(os.path.join(folder, name), newline="",
                                            encoding="utf-8")))
    sets = sorted({SET_OF_FOLDER.get(r["image"].split("/")[1], "?") for r in rows})
    diffs, compared = [], 0
    for r in rows:
        first = readings.get(r["image"])
        if not first:
            continue
        for field in SAMPLE_FIELDS:
            compared += 1
            if norm(field, first.get(field)) != norm(field, r.get(field)):
                diffs.append((r["image"], field, first.get(field, ""), r.get(field, "")))
    lines = [
        "## Independent second reading", "",
        f"A second reader, who saw neither the sources nor the first readings, re-read {len(rows)} "
        f"cards drawn at random from the sets {', '.join(sets)} (`readings/second-reader/`): "
        f"{compared} facts compared, {len(diffs)} differ.", "",
    ]
    resolutions = {}
    rpath = os.path.join(folder, "resolutions.csv")
    if os.path.exists(rpath):
        for r in csv.DictReader(open(rpath, newline="", encoding="utf-8")):
            resolutions[(r["image"], r["field"])] = r
    if diffs:
        lines += ["| scan | fact | first reading | second reading | settled |",
                  "| --- | --- | --- | --- | --- |"]
        for i, f, a, b in diffs:
            r = resolutions.get((i, f))
            value = f"`{r['settled']}`" if r and r["settled"] else "empty"
            settled = f"{value}: {r['comment']}" if r else "**not settled yet**"
            lines.append(f"| {md(i)} | {f} | {md(a)} | {md(b)} | {md(settled)} |")
        lines += [""]
    return lines


def write_notes(cards, readings_dir, out_path, printing_notes, checklists, readings=None):
    by_image = {}
    for rows in cards.values():
        for card in rows:
            by_image[card.get("_image", "")] = card
    lines = [
        "# Catalogue notes",
        "",
        "Generated by `data/tools/import_cardsources.py` from the image readings in",
        "`data/cards/readings/`; edit the readings (or the importer), not this file.",
        "",
        "Every row of `data/cards/*.csv` whose `checked` column is `yes` was read from its card",
        "scan by one reader, compared with both community sources, and every disagreement was",
        "re-checked on an enlarged crop of the scan. The printed card wins; the table below lists",
        "each place where it contradicts a source.",
        "",
    ]
    lines += compare_second_reader(readings_dir, readings or {})
    unchecked = [c for rows in cards.values() for c in rows if c["checked"] != "yes"]
    lines += ["## Cards not checked against a scan", ""]
    if unchecked:
        lines += ["| card | title | why |", "| --- | --- | --- |"]
        for c in unchecked:
            why = c.get("_why_unchecked", "no reading of its scan yet")
            lines.append(f"| {c['id']} | {md(c['title'])} {md(c['subtitle'])} | {md(why)} |")
    else:
        lines.append("None.")
    lines += ["", "## Scans that are incomplete or not fully legible", ""]
    partial = [c for rows in cards.values() for c in rows
               if c.get("_reading") and c["_reading"].get("legibility", "").strip() != "ok"]
    if partial:
        lines += ["| card | legibility | what stays unknown / what was done |", "| --- | --- | --- |"]
        for c in partial:
            r = c["_reading"]
            extra = "; ".join(c.get("_notes", []))
            lines.append(f"| {c['id']} | {r.get('legibility')} | {md(r.get('notes'))} {md(extra)} |")
    else:
        lines.append("None.")
    lines += ["", "## Printed rarity that differs from the official checklist", ""]
    diffs = []
    for c in (c for rows in cards.values() for c in rows):
        r = c.get("_reading")
        if not r:
            continue
        listed = checklists.get(c["set"], {}).get(c["number"])
        printed = (r.get("rarity") or "").strip()
        word = {"none": "starter set"}.get(printed, printed)
        if listed and printed and word.replace("-", " ") != listed.replace("-", " ") \
                and c["set"] not in PREMIUM_SETS:
            diffs.append(f"| {c['id']} | {md(c['title'])} | {listed} | {printed} |")
    if diffs:
        lines += ["| card | title | checklist | printed star |", "| --- | --- | --- | --- |"] + diffs
    else:
        lines.append("None.")
    lines += ["", "## Where the printed card contradicts a source", "",
              "`devokun` and `orehruoy` are the two community sources; `printed` is the card.", "",
              "| card | fact | devokun | orehruoy | printed | note |",
              "| --- | --- | --- | --- | --- | --- |"]
    for d in load_disagreements(readings_dir):
        card = by_image.get(d.get("image", "").strip())
        cid = card["id"] if card else d.get("image", "")
        lines.append(f"| {cid} | {md(d.get('field'))} | {md(d.get('devokun'))} | "
                     f"{md(d.get('orehruoy'))} | {md(d.get('printed'))} | {md(d.get('comment'))} |")
    lines += ["", "## Where a printed card contradicts the rulebook", "",
              "- JC-87 Ratts Tyerell, Podracer Pilot prints collector number 87 (confirmed by "
              "Decipher's checklist), so his Podracer Handling, the last digit of the number "
              "(rulebook \"Podracing Characteristics\"), is 7; the rulebook says he gets a 6. "
              "Neither can be used in a lap, so play is the same either way; the catalogue keeps "
              "the printed number.",
              "- BP-29/BP-59 Boonta Eve Classic: issue #6 calls the objective's deploy from the "
              "draw deck free; the printed text only allows the deploy, so it costs counters as "
              "usual (rulebook \"Deploying cards from your draw deck\")."]
    wild = [c["id"] for rows in cards.values() for c in rows if "w" in c["dots"]]
    semi = [c["id"] for rows in cards.values() for c in rows
            if "w" in c["dots"] and any(ch in "robygp" for ch in c["dots"])]
    lines += ["", "## Wild and semi-wild cards", "",
              f"{len(wild)} cards print white dots: the 18 Enhanced premium cards (`wwwwww`) and "
              "the two Boonta Eve Classic objectives (`-w-w-w`). "
              + (f"Semi-wild (white dots plus a coloured dot): {', '.join(semi)}." if semi else
                 "No printed card is semi-wild (white dots plus a coloured dot): every white dot "
                 "the community index shows beside a coloured one is absent from the scan. The "
                 "rulebook's semi-wild rule stays in the validator for cards that have it.")]
    lines += ["", "## Printings", ""] + [f"- {md(n)}" for n in printing_notes] + [""]
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


SET_OF_FOLDER = {fname: code for fname, code, _ in SETS}
# devokun points Reflections rows 29-41 and 45-47 at one shared (wrong) scan.
SHARED_RF_SCANS = {"images/reflections/light/amidalasstarshipboonta.png"}
ICON_SET = {"DM": "DM", "JC": "JC", "BN": "BN", "DF": "DF", "BP": "BP"}


def premium_set(number):
    n = int(number[1:])
    return "EDM" if n <= 6 else "PR" if n == 7 else "EBN"


def reprint_base(reading, cards):
    """The card a Reflections foil reprints, from its printed number and expansion icon."""
    number = (reading.get("printed_number") or "").strip().lstrip("0") or ""
    if re.fullmatch(r"P0*\d+", number, re.I):
        number = "P" + str(int(number[1:]))
        code = premium_set(number)
    else:
        code = ICON_SET.get((reading.get("expansion_icon") or "").strip())
    if not code or not number:
        return None
    card = next((c for c in cards.get(code, []) if c["number"] == number), None)
    if card and slug(card["title"]) != slug(reading.get("title", "")):
        return None  # number and title disagree: fall back to the title
    return card["id"] if card else None


def add_unscanned_armed_and_dangerous(cards, ore_rf):
    """OOM-9 & Battle Droid Blaster Rifle has no scan; devokun conflates it with OWO-1 & STAP.
    Its statistics come from orehruoy alone, unchecked, and NOTES.md says so."""
    if any(c["title"].startswith("OOM-9") for c in cards["RF"]):
        return
    ore = ore_rf.get("oom9armed")
    if not ore:
        return
    card = {c: "" for c in COLUMNS}
    weapon = ore.get("builtInWeapon") or {}
    card.update(set="RF", title=ore["name"], side=ore["side"], type="armed-and-dangerous",
                rarity="premium", stackable="yes" if ore.get("stackable") else "no",
                diamond="no" if ore.get("uniqueness") else "yes",
                counters=str(ore.get("characterCost", "")), power=str(ore.get("power", "")),
                planet=PLANET_OF_SITE.get(ore.get("bonus1loc", ""), ""),
                bonus="/".join(str(ore.get(f"bonus{i}", 0)) for i in (1, 2, 3)),
                damage=str(ore.get("damage", "")), destiny=str(ore.get("destiny", "")),
                counters2=str(weapon.get("cost", "")), destiny2=str(ore.get("destiny2", "")),
                use1_who="OOM-9 (this character, using the weapon half)",
                use1_dots=str(weapon.get("powerAdd", "")),
                use1_cubes=str(weapon.get("destinyAdd", "")),
                ability="a weapon card placed just before it in a battle plan is ignored")
    # orehruoy's single dotColor cannot express white dots; the scan is missing, so the dots
    # stay unknown rather than taking a value the source is known to get wrong.
    card["_image"] = ""
    cards["RF"].append(card)


def number_reflections(cards, readings, ore_rf, problems):
    """Reflections' new cards take their printed numbers (A1-A12, C1-C14) from the scans;
    Double Impact cards, which print none, get RF-DI1..14 in alphabetical order of title."""
    rf = cards["RF"]
    for card in rf:
        r = card.get("_reading")
        if r is None:
            continue
        if card["type"] == "double-impact":
            card["title"] = re.sub(r"\s*/\s*", " & ", card["title"])
            continue
        number = (r.get("printed_number") or "").strip()
        if re.fullmatch(r"[AC]\d+", number):
            card["number"], card["id"] = number, f"RF-{number}"
        else:
            problems.append(f"RF {card['title']}: printed number `{number}` is not A/C-n")
    dis = [c for c in rf if c["type"] == "double-impact"]
    for i, card in enumerate(sorted(dis, key=lambda c: slug(c["title"])), 1):
        card["number"], card["id"] = f"DI{i}", f"RF-DI{i}"
    # A&D numbers run A1-A12; a card without a scan takes the one number no scan shows.
    ad = [c for c in rf if c["type"] == "armed-and-dangerous"]
    used = {c["number"] for c in ad if c["number"]}
    free = [f"A{i}" for i in range(1, 13) if f"A{i}" not in used]
    unnumbered = [c for c in ad if not c["number"]]
    if len(unnumbered) == 1 and len(free) == 1:
        card = unnumbered[0]
        card["number"], card["id"] = free[0], f"RF-{free[0]}"
        card.setdefault("_notes", []).append(
            f"no scan; number {free[0]} is the only A-number no scan shows")
        card["_why_unchecked"] = ("no scan of this card exists in the sources; statistics from "
                                  f"the community data, number {free[0]} by elimination")



def foils_from_scan_names(shared, cards, known, notes):
    """Foil printings known only from scan file names (foil-scan-names.txt): a lead, not proof.

    `F<n><name>` where n is 1..18 is a booster foil number; a larger n, or a name that is not
    the set's F-n card, is most likely a tournament-prize foil printed with the card's own
    number. A printing is added only when the name fits exactly one card of that set and side.
    """
    path = os.path.join(shared, "cardsources", "foil-scan-names.txt")
    if not os.path.exists(path):
        return []
    have = {(p["card_id"].split("-")[0], p["foil_number"]) for p in known if p["foil_number"]}
    out, seen = [], set()
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        m = re.fullmatch(r"(\w+)/(light|dark)/F(\d+)([a-z0-9]+)\.tif", line)
        if not m:
            continue
        folder, side, n, name = m.groups()
        code = SET_OF_FOLDER.get(folder)
        if not code or (code, f"F{n}") in have or (code, n, name) in seen:
            continue
        seen.add((code, n, name))
        name = re.sub(r"\d+$", "", name)
        pool = [c for c in cards[code] if c["side"] == side]
        fits = [c for c in pool if slug(c["title"] + c["subtitle"]).startswith(name)
                or slug(c["title"]).startswith(name)]
        # Booster foils exist only in DM, JC and BN, numbered F1-F9 on the light side and
        # F10-F18 on the dark side; any other F-name is the card's own number.
        booster = code in ("DM", "JC", "BN") and (
            (side == "light" and int(n) <= 9) or (side == "dark" and 10 <= int(n) <= 18))
        if booster:
            number, tier, source = f"F{n}", "", "booster"
            # A booster foil number plus a name shared by several cards: say so, add nothing.
        else:
            number, tier, source = "", "", ""
            fits = [c for c in fits if c["number"] == n]
        if len(fits) != 1:
            cands = ", ".join(c["id"] for c in fits) or "no card"
            notes.append(f"{code} foil scan `{line}`: the name fits {cands}; no printing recorded")
            continue
        card = fits[0]
        note = "evidence: scan file name only (foil-scan-names.txt); tier unknown"
        if not booster:
            note = ("evidence: scan file name only (foil-scan-names.txt); printed with the card's "
                    "own number, probably a tournament-prize foil")
        out.append(dict(card_id=card["id"], finish="foil", foil_number=number, foil_tier=tier,
                        source=source, gemp_id="", note=note))
        notes.append(f"{card['id']} foil {number or '(own number)'}: {note}")
    return out


def sort_key(card):
    m = re.fullmatch(r"([A-Z]*-?)(\d+)\*?", card["number"])
    return (m.group(1), int(m.group(2))) if m else (card["number"], 0)


PREMIUM_SETS = ("EDM", "EBN", "PR", "RF")


def read_checklist(shared, fname):
    """number -> rarity word from the official checklist (markdown table)."""
    path = os.path.join(shared, "cardsources", "devokun", fname + ".checklist.md")
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"[A-Z]?\d+", cells[0]):
            out[cells[0]] = cells[2].lower()
    return out


def apply_readings(cards, readings, problems):
    """Overwrites source facts with what the scans show (readings win on every fact)."""
    for code, rows in cards.items():
        for card in rows:
            reading = readings.get(card.get("_image", ""))
            if reading is None:
                continue
            merge_reading(card, reading, code)


def merge_reading(card, r, code):
    card.setdefault("_notes", [])
    for col in ("title", "subtitle", "side", "type", "starship_class", "dots", "diamond",
                "stackable", "counters", "power", "bonus", "damage", "destiny", "ability"):
        card[col] = (r.get(col) or "").strip()
    # Two-part cards: readers write `4 / 5` (left / right half); the second goes to *2.
    for col in ("counters", "destiny"):
        parts = [p.strip() for p in card[col].split("/")]
        if len(parts) == 2:
            card[col], card[col + "2"] = parts
    for col in ("counters2", "destiny2"):
        if (r.get(col) or "").strip():
            card[col] = r[col].strip()
    for i in (1, 2, 3):
        for part in ("who", "dots", "cubes"):
            card[f"use{i}_{part}"] = (r.get(f"use{i}_{part}") or "").strip()
    rarity = (r.get("rarity") or "").strip()
    if code in PREMIUM_SETS:
        card["rarity"] = "premium"
    elif code == "V1":
        card["rarity"] = "virtual"
    elif rarity == "none" and r.get("legibility", "").strip() == "partial":
        # An unfinished scan without a star: keep the official checklist's rarity.
        card["_notes"].append("scan shows no rarity star (unfinished scan); rarity from the "
                              "official checklist")
    elif rarity == "none":
        card["rarity"] = "starter"
    elif rarity in ("common", "uncommon", "rare", "ultra-rare"):
        card["rarity"] = rarity
    if card["type"] == "location":
        title = card["title"]
        card["planet"] = next((p for p in ("tatooine", "coruscant", "naboo")
                               if p in slug(title)), "")
    else:
        card["planet"] = (r.get("bonus_planet") or "").strip()
    # A card of a costed type printed with no counter bars costs nothing (rulebook: only
    # starships, battle cards, locations and objectives have no counters at all).
    if (not card["counters"] and r.get("legibility", "").strip() == "ok"
            and card["type"] in ("character", "weapon", "effect", "armed-and-dangerous")):
        card["counters"] = "0"
    if card["type"] == "starship" and card["counters"] == "0":
        card["counters"] = ""  # rulebook "Hyperspace": starships have no counters
    card["checked"] = "yes" if r.get("legibility", "").strip() in ("ok", "partial") else ""
    card["_reading"] = r


if __name__ == "__main__":
    main()
