//! Solver tests. Rulebook "Deck Construction": the 6-by-10 rule, "Wild Cards", "Semi-Wild
//! Cards", five per title per dot colour (`RULINGS.md` R5), "The Three-Planet Rule"; `RULINGS.md`
//! D2 for Objectives (wild at orange, yellow and purple).

use super::*;
use std::collections::BTreeMap;

/// A test deck written one piece per line: `count dots[:title&title][@planet]`, where `dots`
/// is a colour letter (a normal card) or six positions (`rw----`, `wwwwww`).
fn deck(lines: &[&str], titles: &mut BTreeMap<String, u32>) -> Vec<Piece> {
    lines
        .iter()
        .map(|line| {
            let (count, rest) = line.split_once(' ').expect("count and dots");
            let (rest, planet) = match rest.split_once('@') {
                Some((r, p)) => (r, Some(p.parse::<Planet>().unwrap())),
                None => (rest, None),
            };
            let (dots, names) = match rest.split_once(':') {
                Some((d, n)) => (d, n.split('&').collect::<Vec<_>>()),
                None => (rest, vec![]),
            };
            let (home, wild) = if dots.len() == 1 {
                (Some(dots.parse::<DotColour>().unwrap()), 0)
            } else {
                let d: crate::catalogue::Dots = dots.parse().unwrap();
                (d.colour(), d.white().fold(0u8, |m, c| m | 1 << c as u8))
            };
            let next = titles.len() as u32;
            Piece {
                home,
                wild,
                titles: names
                    .iter()
                    .map(|n| *titles.entry(n.to_string()).or_insert(next))
                    .collect(),
                planet,
                count: count.parse().unwrap(),
            }
        })
        .collect()
}

const STANDARD: Limits = Limits {
    per_colour: 10,
    title_limit: Some(5),
    three_planets: true,
};

const DECIPHER: Limits = Limits {
    per_colour: 10,
    title_limit: None,
    three_planets: true,
};

/// Ten of each colour, the purple ones including a location of each planet.
fn base() -> Vec<&'static str> {
    vec![
        "10 r",
        "10 o",
        "10 b",
        "10 y",
        "10 g",
        "7 p",
        "1 p@tatooine",
        "1 p@coruscant",
        "1 p@naboo",
    ]
}

/// `base()` with the lines starting with `drop` replaced by `add`.
fn with(replace: &[(&str, &str)], add: &[&'static str]) -> Vec<String> {
    let mut lines: Vec<String> = base().iter().map(|s| s.to_string()).collect();
    for (from, to) in replace {
        let at = lines.iter().position(|l| l == from).expect(from);
        if to.is_empty() {
            lines.remove(at);
        } else {
            lines[at] = to.to_string();
        }
    }
    lines.extend(add.iter().map(|s| s.to_string()));
    lines
}

/// An independent check that an assignment obeys every rule (used on every legal answer).
fn obeys_rules(pieces: &[Piece], a: &Assignment, limits: Limits) -> Result<(), String> {
    let mut used = vec![0u32; pieces.len()];
    for fill in &a.colours {
        let mut count = 0;
        for &(p, n) in &fill.normal {
            if pieces[p].home != Some(fill.colour) {
                return Err(format!("piece {p} placed normally outside its colour"));
            }
            used[p] += n;
            count += n;
        }
        if let Some(p) = fill.wild {
            if pieces[p].wild & (1 << fill.colour as u8) == 0 {
                return Err(format!(
                    "piece {p} is wild in {} without a white dot",
                    fill.colour
                ));
            }
            used[p] += 1;
            count += 1;
        }
        if count != limits.per_colour || count != fill.count {
            return Err(format!("{} holds {count}", fill.colour));
        }
        if let Some(limit) = limits.title_limit {
            let mut per_title: BTreeMap<u32, u32> = BTreeMap::new();
            for &(p, n) in &fill.normal {
                for t in &pieces[p].titles {
                    *per_title.entry(*t).or_default() += n;
                }
            }
            for t in fill.wild.iter().flat_map(|p| &pieces[*p].titles) {
                *per_title.entry(*t).or_default() += 1;
            }
            if let Some((t, n)) = per_title.iter().find(|(_, n)| **n > limit) {
                return Err(format!("title {t} has {n} in {}", fill.colour));
            }
        }
    }
    for (p, piece) in pieces.iter().enumerate() {
        if piece.is_placeable() && used[p] != piece.count {
            return Err(format!("piece {p}: {} of {} placed", used[p], piece.count));
        }
    }
    if limits.three_planets {
        let purple = &a.colours[DotColour::Purple as usize];
        for planet in Planet::ALL {
            let has = purple
                .normal
                .iter()
                .map(|(p, _)| *p)
                .chain(purple.wild)
                .any(|p| pieces[p].planet == Some(planet));
            if !has {
                return Err(format!("no {planet} location in purple"));
            }
        }
    }
    Ok(())
}

struct Case {
    name: &'static str,
    lines: Vec<String>,
    limits: Limits,
    /// `None`: legal. `Some(cost)`: illegal, and this is the closest assignment's cost.
    cost: Option<Cost>,
    /// `(title, colour)` pairs that must hold: the wild card of this title fills this colour.
    wild_in: Vec<(&'static str, DotColour)>,
}

fn cost(colours: u32, titles: u32, planets: u32) -> Option<Cost> {
    Some(Cost {
        colours,
        titles,
        planets,
    })
}

fn cases() -> Vec<Case> {
    use DotColour::*;
    let case = |name, lines: Vec<String>, limits, cost, wild_in| Case {
        name,
        lines,
        limits,
        cost,
        wild_in,
    };
    vec![
        case("ten of each colour", with(&[], &[]), STANDARD, None, vec![]),
        case(
            "59 cards: red short",
            with(&[("10 r", "9 r")], &[]),
            STANDARD,
            cost(1, 0, 0),
            vec![],
        ),
        case(
            "61 cards: red over",
            with(&[("10 r", "11 r")], &[]),
            STANDARD,
            cost(1, 0, 0),
            vec![],
        ),
        case(
            "a wild card fills the short colour",
            with(&[("10 r", "9 r")], &["1 wwwwww:Boss"]),
            STANDARD,
            None,
            vec![("Boss", Red)],
        ),
        case(
            "a semi-wild card must go wild for the deck to be legal",
            with(&[("10 r", "10 r"), ("10 o", "9 o")], &["1 rw----:Semi"]),
            STANDARD,
            None,
            vec![("Semi", Orange)],
        ),
        case(
            "a semi-wild card must be used as a normal card",
            with(&[("10 r", "9 r")], &["1 rw----:Semi"]),
            STANDARD,
            None,
            vec![],
        ),
        case(
            // Greedy (first wild into the first short colour) puts Either in red and strands
            // RedOnly; the exact search puts RedOnly in red and Either in orange.
            "greedy fails, exact succeeds",
            with(
                &[("10 r", "9 r"), ("10 o", "9 o")],
                &["1 ww----:Either", "1 w-----:RedOnly"],
            ),
            STANDARD,
            None,
            vec![("RedOnly", Red), ("Either", Orange)],
        ),
        case(
            "two wild cards that both fit only yellow",
            with(&[("10 y", "8 y")], &["2 ---w--:Twin"]),
            STANDARD,
            cost(2, 0, 0),
            vec![],
        ),
        case(
            "six wild cards, one per colour",
            with(
                &[
                    ("10 r", "9 r"),
                    ("10 o", "9 o"),
                    ("10 b", "9 b"),
                    ("10 y", "9 y"),
                    ("10 g", "9 g"),
                    ("7 p", "6 p"),
                ],
                &["6 wwwwww:Wild"],
            ),
            DECIPHER,
            None,
            vec![],
        ),
        case(
            "a seventh wild card has no slot",
            with(
                &[
                    ("10 r", "9 r"),
                    ("10 o", "9 o"),
                    ("10 b", "9 b"),
                    ("10 y", "9 y"),
                    ("10 g", "9 g"),
                    ("7 p", "5 p"),
                ],
                &["7 wwwwww"],
            ),
            STANDARD,
            cost(2, 0, 0),
            vec![],
        ),
        case(
            "the title limit forces a wild card elsewhere",
            with(
                &[("10 r", "4 r"), ("10 o", "9 o")],
                &["5 r:Qui", "1 wwwwww:Qui", "1 wwwwww:Other"],
            ),
            STANDARD,
            None,
            vec![("Qui", Orange), ("Other", Red)],
        ),
        case(
            "the title limit is broken only by where the wild card lands",
            with(&[("10 r", "4 r")], &["5 r:Qui", "1 w-----:Qui"]),
            STANDARD,
            cost(0, 1, 0),
            vec![],
        ),
        case(
            "without a title limit the same deck is legal",
            with(&[("10 r", "4 r")], &["5 r:Qui", "1 w-----:Qui"]),
            DECIPHER,
            None,
            vec![],
        ),
        case(
            "a semi-wild title over the limit sends one copy wild",
            with(
                &[("10 r", "4 r"), ("10 o", "9 o")],
                &["6 rw----:Tank", "1 w-----:Filler"],
            ),
            STANDARD,
            None,
            vec![("Tank", Orange), ("Filler", Red)],
        ),
        case(
            "five per colour: five red and five blue of one title is legal",
            with(
                &[("10 r", "5 r"), ("10 b", "5 b")],
                &["5 r:Droid", "5 b:Droid"],
            ),
            STANDARD,
            None,
            vec![],
        ),
        case(
            "six normal cards of a title in one colour cannot be fixed",
            with(&[("10 r", "4 r")], &["6 r:Droid"]),
            STANDARD,
            cost(0, 1, 0),
            vec![],
        ),
        case(
            "a card printed with two titles counts toward both",
            with(&[("10 y", "4 y")], &["5 y:Opee", "1 y:Opee&Killer"]),
            STANDARD,
            cost(0, 1, 0),
            vec![],
        ),
        case(
            "an objective fills yellow as its wild card",
            with(&[("10 y", "9 y")], &["1 -w-w-w:Objective"]),
            STANDARD,
            None,
            vec![("Objective", Yellow)],
        ),
        case(
            "an objective cannot fill red",
            with(&[("10 r", "9 r")], &["1 -w-w-w:Objective"]),
            STANDARD,
            cost(2, 0, 0),
            vec![],
        ),
        case(
            "two objectives for one short colour",
            with(&[("10 y", "9 y")], &["2 -w-w-w:Objective"]),
            STANDARD,
            cost(1, 0, 0),
            vec![],
        ),
        case(
            "the deck fails only the three-planet rule",
            with(&[("1 p@naboo", "1 p")], &[]),
            STANDARD,
            cost(0, 0, 1),
            vec![],
        ),
        case(
            "a wild location can bring its planet to purple",
            with(&[("1 p@naboo", "")], &["1 -----w@naboo"]),
            STANDARD,
            None,
            vec![],
        ),
        case(
            // Purple has 11; the only card that can leave is the Naboo location, and
            // sending it away breaks the three-planet rule.
            "purple overflows and only the naboo location can leave",
            with(
                &[("1 p@naboo", "1 p"), ("10 o", "9 o")],
                &["1 -w---p@naboo"],
            ),
            STANDARD,
            cost(0, 0, 1),
            vec![],
        ),
        case(
            "purple overflows and a plain semi-wild leaves instead",
            with(
                &[("7 p", "6 p"), ("10 o", "9 o")],
                &["1 -w---p:Plain", "1 -w---p@naboo"],
            ),
            STANDARD,
            None,
            vec![("Plain", Orange)],
        ),
    ]
}

#[test]
fn every_case_gets_the_right_verdict() {
    for case in cases() {
        let mut titles = BTreeMap::new();
        let lines: Vec<&str> = case.lines.iter().map(String::as_str).collect();
        let pieces = deck(&lines, &mut titles);
        let a = solve(&pieces, case.limits);
        match case.cost {
            None => {
                assert!(
                    a.is_legal(),
                    "{}: expected legal, got {:?}",
                    case.name,
                    a.cost
                );
                obeys_rules(&pieces, &a, case.limits)
                    .unwrap_or_else(|e| panic!("{}: {e}", case.name));
            }
            Some(cost) => assert_eq!(a.cost, cost, "{}", case.name),
        }
        for (title, colour) in case.wild_in {
            let t = titles[title];
            let wild = a.colours[colour as usize].wild;
            assert!(
                wild.is_some_and(|p| pieces[p].titles.contains(&t)),
                "{}: expected the {title} wild in {colour}, got {wild:?}",
                case.name
            );
        }
    }
}

#[test]
fn the_closest_assignment_says_what_is_wrong() {
    let mut titles = BTreeMap::new();
    let lines = with(&[("10 r", "4 r")], &["5 r:Qui", "1 w-----:Qui"]);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let pieces = deck(&lines, &mut titles);
    let a = solve(&pieces, STANDARD);
    assert_eq!(
        a.title_overflows,
        [TitleOverflow {
            title: titles["Qui"],
            colour: DotColour::Red,
            count: 6
        }]
    );
    let lines = with(&[("1 p@naboo", "1 p"), ("1 p@tatooine", "1 p")], &[]);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let a = solve(&deck(&lines, &mut titles), STANDARD);
    assert_eq!(a.missing_planets, [Planet::Tatooine, Planet::Naboo]);
    let lines = with(&[("10 y", "8 y")], &["2 ---w--:Twin"]);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let pieces = deck(&lines, &mut titles);
    let a = solve(&pieces, STANDARD);
    assert_eq!(a.colours[DotColour::Yellow as usize].count, 9);
    assert_eq!(a.unplaced, [(pieces.len() - 1, 1)]);
}

#[test]
fn pieces_without_dots_are_left_to_the_caller() {
    let mut titles = BTreeMap::new();
    let lines = with(&[("10 r", "9 r")], &[]);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let mut pieces = deck(&lines, &mut titles);
    pieces.push(Piece {
        home: None,
        wild: 0,
        titles: vec![],
        planet: None,
        count: 1,
    });
    let a = solve(&pieces, STANDARD);
    assert_eq!(
        a.cost,
        Cost {
            colours: 1,
            titles: 0,
            planets: 0
        }
    );
    assert!(a.unplaced.is_empty());
}

#[test]
fn a_deck_full_of_wild_cards_is_decided_quickly() {
    // Twelve different wild titles, each over the limit in total: the worst the catalogue
    // allows is far smaller; the search must still stay small.
    let mut titles = BTreeMap::new();
    let mut lines: Vec<String> = vec![
        "9 r",
        "9 o",
        "9 b",
        "9 y",
        "9 g",
        "3 p",
        "1 p@tatooine",
        "1 p@coruscant",
        "1 p@naboo",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    // 12 wild pieces with 7 distinct masks, 6 copies in all must be chosen.
    let masks = [
        "wwwwww", "ww----", "--ww--", "----ww", "w-w-w-", "-w-w-w", "wwwyww",
    ];
    for (i, m) in masks.iter().enumerate() {
        lines.push(format!("1 {m}:T{i}"));
    }
    lines.push("6 r:T0".into());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let a = solve(&deck(&lines, &mut titles), STANDARD);
    assert!(a.nodes < 20_000, "{} nodes", a.nodes);
}

/// The engine's portable generator (ChaCha8), in the shape the cross-checks use.
struct Rng(crate::engine::rng::GameRng);

impl Rng {
    fn seeded(seed: u64) -> Rng {
        Rng(crate::engine::rng::GameRng::new(seed))
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0.below(n as usize) as u64
    }
}

/// The lowest cost over every assignment, by trying them all (small decks only).
fn brute_force(pieces: &[Piece], limits: Limits) -> Cost {
    // Expand to single copies; each chooses: its home (if any), unplaced (pure wild only),
    // or a white colour.
    let copies: Vec<usize> = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_placeable())
        .flat_map(|(i, p)| std::iter::repeat_n(i, p.count as usize))
        .collect();
    let choices: Vec<Vec<Option<usize>>> = copies
        .iter()
        .map(|&i| {
            let p = &pieces[i];
            // `Some(c)` wild in c; `None` home (or unplaced for a pure wild card).
            let mut v = vec![None];
            for c in 0..6 {
                if p.wild & (1 << c) != 0 && p.home != Some(DotColour::ALL[c]) {
                    v.push(Some(c));
                }
            }
            v
        })
        .collect();
    let mut best: Option<Cost> = None;
    let mut pick = vec![0usize; copies.len()];
    loop {
        let mut wild_taken = [false; 6];
        let mut ok = true;
        let mut count = [0i64; 6];
        let mut unplaced = 0u32;
        let mut titles: BTreeMap<(u32, usize), u32> = BTreeMap::new();
        let mut planets = 0u8;
        for (k, &i) in copies.iter().enumerate() {
            let p = &pieces[i];
            let colour = match choices[k][pick[k]] {
                Some(c) => {
                    if wild_taken[c] {
                        ok = false;
                    }
                    wild_taken[c] = true;
                    Some(c)
                }
                None => p.home.map(|h| h as usize),
            };
            match colour {
                Some(c) => {
                    count[c] += 1;
                    for t in &p.titles {
                        *titles.entry((*t, c)).or_default() += 1;
                    }
                    if c == 5
                        && let Some(pl) = p.planet
                    {
                        planets |= 1 << pl as u8;
                    }
                }
                None => unplaced += 1,
            }
        }
        if ok {
            let t = i64::from(limits.per_colour);
            let cost = Cost {
                colours: count
                    .iter()
                    .map(|c| (c - t).unsigned_abs() as u32)
                    .sum::<u32>()
                    + unplaced,
                titles: limits
                    .title_limit
                    .map_or(0, |l| titles.values().map(|n| n.saturating_sub(l)).sum()),
                planets: if limits.three_planets {
                    3 - planets.count_ones()
                } else {
                    0
                },
            };
            if best.is_none_or(|b| cost < b) {
                best = Some(cost);
            }
        }
        // Next combination.
        let mut k = 0;
        loop {
            if k == copies.len() {
                return best.expect("at least one assignment");
            }
            pick[k] += 1;
            if pick[k] < choices[k].len() {
                break;
            }
            pick[k] = 0;
            k += 1;
        }
    }
}

#[test]
fn the_search_matches_brute_force_on_random_small_decks() {
    // Three cards per colour keep brute force small; a limit of 2 per title makes the title
    // rule bite often. Exactness means the same lowest cost, not just the same verdict.
    let limits = Limits {
        per_colour: 3,
        title_limit: Some(2),
        three_planets: true,
    };
    let masks: [u8; 6] = [0b111111, 0b000011, 0b101010, 0b001000, 0b110000, 0b100001];
    let mut rng = Rng::seeded(7);
    let mut legal = 0;
    for round in 0..400 {
        let mut pieces = Vec::new();
        for c in DotColour::ALL {
            // Three normal cards per colour (exact), one title each from six.
            let n = 3;
            for i in 0..n {
                // Purple cards are mostly locations, of planets in turn from a random start.
                let planet = (c == DotColour::Purple && rng.below(8) != 0)
                    .then(|| Planet::ALL[(i as usize + round) % 3]);
                pieces.push(Piece {
                    home: Some(c),
                    wild: 0,
                    titles: vec![rng.below(8) as u32],
                    planet,
                    count: 1,
                });
            }
        }
        // Take a few away, so the wild cards have gaps to fill (or not).
        let removed = rng.below(4);
        for _ in 0..removed {
            let at = rng.below(pieces.len() as u64) as usize;
            pieces.remove(at);
        }
        for _ in 0..removed + rng.below(2) {
            let home = (rng.below(3) == 0).then(|| DotColour::ALL[rng.below(6) as usize]);
            let wild = masks[rng.below(6) as usize] & !home.map_or(0, |h| 1 << h as u8);
            let planet = (rng.below(3) == 0).then(|| Planet::ALL[rng.below(3) as usize]);
            pieces.push(Piece {
                home,
                wild,
                titles: vec![rng.below(8) as u32],
                planet,
                count: 1,
            });
        }
        let expected = brute_force(&pieces, limits);
        let a = solve(&pieces, limits);
        assert_eq!(a.cost, expected, "round {round}: {pieces:?}");
        if a.is_legal() {
            legal += 1;
            obeys_rules(&pieces, &a, limits).unwrap_or_else(|e| panic!("round {round}: {e}"));
        }
    }
    // The generator must produce both kinds of deck for the check to mean anything.
    assert!(legal > 30 && legal < 370, "{legal} legal of 400");
}

#[test]
fn the_search_matches_brute_force_with_copies_semi_wilds_and_two_titles() {
    // The first cross-check uses single copies; here pieces come in several copies (the
    // merging of identical cards and the copy counts are then on trial), semi-wild cards have
    // several white dots, some cards print two titles, and some wild or semi-wild cards are
    // locations (they may carry the three-planet rule from purple's wild slot).
    let limits = Limits {
        per_colour: 3,
        title_limit: Some(2),
        three_planets: true,
    };
    let masks: [u8; 7] = [
        0b111111, 0b101010, 0b000011, 0b110000, 0b100001, 0b011100, 0b100000,
    ];
    let mut rng = Rng::seeded(2024);
    let (mut legal, mut rounds) = (0, 0);
    while rounds < 300 {
        let mut pieces = Vec::new();
        for c in DotColour::ALL {
            let mut left = 3u32;
            while left > 0 {
                // Purple holds one location of each planet (mostly): single copies.
                let n = if c == DotColour::Purple {
                    1
                } else {
                    1 + rng.below(u64::from(left.min(2))) as u32
                };
                left -= n;
                // Purple cards are mostly locations, of planets in turn from a random start.
                let planet = (c == DotColour::Purple && rng.below(6) != 0)
                    .then(|| Planet::ALL[(left as usize + rounds) % 3]);
                let mut titles = vec![rng.below(6) as u32];
                if rng.below(6) == 0 {
                    titles.push((titles[0] + 1 + rng.below(5) as u32) % 6);
                }
                pieces.push(Piece {
                    home: Some(c),
                    wild: 0,
                    titles,
                    planet,
                    count: n,
                });
            }
        }
        // Take a few copies away, so the wild cards have gaps to fill (or not).
        let removed = rng.below(4);
        for _ in 0..removed {
            let at = rng.below(pieces.len() as u64) as usize;
            pieces[at].count -= 1;
            if pieces[at].count == 0 {
                pieces.remove(at);
            }
        }
        let mut wild_copies = removed + rng.below(2);
        while wild_copies > 0 {
            let home = (rng.below(2) == 0).then(|| DotColour::ALL[rng.below(6) as usize]);
            let wild = masks[rng.below(7) as usize] & !home.map_or(0, |h| 1 << h as u8);
            let planet = (rng.below(4) == 0).then(|| Planet::ALL[rng.below(3) as usize]);
            let mut titles = vec![rng.below(6) as u32];
            if rng.below(4) == 0 {
                titles.push((titles[0] + 1 + rng.below(5) as u32) % 6);
            }
            let count = 1 + rng.below(wild_copies.min(2)) as u32;
            wild_copies -= u64::from(count);
            pieces.push(Piece {
                home,
                wild,
                titles,
                planet,
                count,
            });
        }
        // Brute force tries every choice of every copy: keep the product small.
        let combos: f64 = pieces
            .iter()
            .map(|p| f64::from(1 + (p.wild & !p.home.map_or(0, |h| 1 << h as u8)).count_ones()))
            .zip(pieces.iter())
            .map(|(c, p)| c.powi(p.count as i32))
            .product();
        if combos > 20_000.0 {
            continue;
        }
        rounds += 1;
        let expected = brute_force(&pieces, limits);
        let a = solve(&pieces, limits);
        assert_eq!(a.cost, expected, "round {rounds}: {pieces:?}");
        if a.is_legal() {
            legal += 1;
            obeys_rules(&pieces, &a, limits).unwrap_or_else(|e| panic!("round {rounds}: {e}"));
        }
    }
    assert!(legal > 5 && legal < 295, "{legal} legal of 300");
}
