//! Who may use a weapon or battle card: a small reader for the free text of a catalogue use
//! line (`Aurra Sing`, `any other Jedi`, `any diamond Royal Guard, Bravo Pilot or Naboo
//! Security`, `Anakin and Padmé together`, `any character fighting on Tatooine`...).
//!
//! Anything this reader cannot interpret exactly — a condition on the opponent, a sentence of
//! game text after the who part, a name that matches no card — makes the line usable by nobody.
//! That is the safe reading: a misread line could add power that the card does not give, while
//! an unusable line only loses a bonus (and a battle card that works with nobody is discarded
//! when it comes up, exactly as the rulebook treats a misplaced one).

use deunicode::deunicode;

use super::card_traits::Traits;
use crate::catalogue::{Planet, StarshipClass, normalise};

/// Where a fight is (the current planet and the site of the location on top).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Planet(Planet),
    Site(Planet, u8),
}

/// One condition on one character (or starship).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pred {
    /// Any character.
    Any,
    /// A named character: the words must appear, in order, in the card's title.
    Named(Vec<String>),
    /// Any one of several named characters (`any two of Jabba the Hutt, Bib Fortuna...`).
    OneOf(Vec<Vec<String>>),
    /// A kind named by the card's name (`battle droid`, `Royal Guard`): RULINGS.md R1.
    NameContains(String),
    /// A trait with the rulebook's exceptions (`Jedi`, `Podracer pilot`...).
    Trait(Traits),
    /// Only the first character of the battle plan.
    FirstInPlan,
    /// Only the card that carries the line: an Armed & Dangerous card's own weapon half
    /// (`this character (Aurra Sing)`), rulebook "Armed & Dangerous Cards".
    ThisCard,
    /// `any non-diamond character` (BP-21/BP-50 Hold-Out Blaster: "except a ◆ character").
    NonDiamond,
    /// A starship of a class: `any transport starship`, `any starfighter` (DF-18, DF-48).
    Class(StarshipClass),
    /// Any one of several conditions, each with its own diamond: a member of `any three
    /// diamond Royal Guards, diamond Naboo Security and/or diamond Bravo Pilots` (BN-50).
    Either(Vec<Single>),
    /// A member that fits the inner condition and whose title does not hold these words
    /// (`any two different Podracer pilots (except Sebulba)`, JC-126).
    Except(Box<Single>, Vec<String>),
    /// `any other X` on a later line: fits the inner condition and none of the first line's
    /// members (BN-34 Mace Windu's Lightsaber, "any other Jedi": a Jedi who is not Mace
    /// Windu). Rulebook "Other": a card's "other" never takes in what it already named.
    Other(Box<Single>, Vec<Single>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Single {
    pub pred: Pred,
    /// `any diamond X`: only diamond cards.
    pub diamond: bool,
}

/// The characters one use of the card works with: one character, or a group that fights
/// together (rulebook "Fight Together").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub members: Vec<Single>,
    /// "two character cards from the same character stack" (add together).
    pub same_stack: bool,
    /// `any two of X, Y and Z`: the members are different characters (not two cards of one
    /// character stack).
    pub distinct: bool,
    /// `fighting on Tatooine`, `fighting at the Podrace Arena`.
    pub at: Option<Place>,
}

/// One half of a Double Impact card (rulebook "Double Impact Cards").
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Half {
    Left,
    Right,
}

/// A parsed `who`: alternatives, any one of which may be used. No alternatives: nobody.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UseRule {
    pub alts: Vec<Group>,
    /// `(may not be used in a duel)`.
    pub not_in_duel: bool,
    /// The half of a Double Impact card the line belongs to (`left half:`, `(left half)`,
    /// `right half:`, `(right-half effect)`), read even when the rest is not.
    pub half: Option<Half>,
    /// The line is labelled as an Effect half's (`(effect)`, `(right-half effect)`).
    pub effect: bool,
    /// `(bonus only vs X or Y)`: the line's dots and cubes count only in a fight against one
    /// of these (empty: against anyone). The card still works with its user otherwise.
    pub vs: Vec<Single>,
    /// `(bonus only if not vs X)`: the bonus does not count against any of these (V1-JC-42:
    /// "only the cube when fighting a droid", read with a later cube-only line).
    pub not_vs: Vec<Single>,
    /// `(bonus only while using X)`: the bonus counts only while the user's weapon in this
    /// fight is titled X (the name's words, in order; BN-56, BN-123, DF-50).
    pub while_using: Vec<Vec<String>>,
    /// `(bonus only if ...)` with a condition the engine does not evaluate yet (BP-22 "if you
    /// reveal your hand", BP-24 "if your opponent controls a planet you did not surrender"):
    /// the card is used with its user, but its bonus never counts. Refusing the bonus is the
    /// safe reading until the condition is played; granting it always was wrong.
    pub unplayed_condition: bool,
}

impl UseRule {
    pub fn nobody() -> UseRule {
        UseRule::default()
    }

    pub fn is_nobody(&self) -> bool {
        self.alts.is_empty()
    }
}

/// What the matcher needs to know about a candidate card.
pub trait Candidate {
    fn title_words(&self) -> &[String];
    /// `title subtitle` as `catalogue::name_words_key` gives it: normalised words, one space
    /// between (a kind is read from the start of a word, `catalogue::kind_in_name`).
    fn name_key(&self) -> &str;
    fn traits(&self) -> Traits;
    fn is_diamond(&self) -> bool;
    /// A starship's class (None: not a starship).
    fn starship_class(&self) -> Option<StarshipClass> {
        None
    }
    /// Kinds the card also counts as when use lines are matched (EBN-P11: "counts as a ◆ Royal
    /// Guard"): each a normalised name and whether it counts as a diamond card of it.
    fn counts_as(&self) -> &[(String, bool)] {
        &[]
    }
}

impl Single {
    /// Whether `c` fits; `this_card`: `c` is the card whose line this is.
    pub fn matches(&self, c: &impl Candidate, first_in_plan: bool, this_card: bool) -> bool {
        if let Pred::NameContains(key) = &self.pred
            && c.counts_as()
                .iter()
                .any(|(name, diamond)| name.contains(key.as_str()) && (*diamond || !self.diamond))
        {
            return true;
        }
        if self.diamond && !c.is_diamond() {
            return false;
        }
        // "Any character", "the first character in your battle plan", "any non-diamond
        // character" name characters, and a starship is not one (rulebook "Card Types"): in a
        // space battle such a line fits no ship, so its battle card "doesn't work with that
        // character" and is discarded unused (rulebook "What if you make a mistake?";
        // card-text 3, 16.7: "any character" is not usable in space battles; RULINGS.md
        // T7). Ships are named by their class or title (DF-18, DF-20, DF-48).
        if matches!(self.pred, Pred::Any | Pred::FirstInPlan | Pred::NonDiamond)
            && c.starship_class().is_some()
        {
            return false;
        }
        match &self.pred {
            Pred::Any => true,
            Pred::Named(words) => contains_run(c.title_words(), words),
            Pred::OneOf(names) => names.iter().any(|w| contains_run(c.title_words(), w)),
            Pred::NameContains(key) => crate::catalogue::kind_in_name(c.name_key(), key),
            Pred::Trait(t) => c.traits().contains(*t),
            Pred::FirstInPlan => first_in_plan,
            Pred::ThisCard => this_card,
            Pred::NonDiamond => !c.is_diamond(),
            Pred::Class(k) => c.starship_class() == Some(*k),
            Pred::Except(m, not) => {
                m.matches(c, first_in_plan, this_card) && !contains_run(c.title_words(), not)
            }
            Pred::Either(kinds) => kinds.iter().any(|m| m.matches(c, first_in_plan, this_card)),
            Pred::Other(m, first) => {
                m.matches(c, first_in_plan, this_card)
                    && !first.iter().any(|f| f.matches(c, first_in_plan, this_card))
            }
        }
    }
}

fn contains_run(hay: &[String], needle: &[String]) -> bool {
    !needle.is_empty() && hay.windows(needle.len()).any(|w| w == needle)
}

/// Words of a name, each normalised (`Qui-Gon Jinn` → `quigon`, `jinn`).
pub fn name_words(text: &str) -> Vec<String> {
    deunicode(text)
        .split_whitespace()
        .map(normalise)
        .filter(|w| !w.is_empty())
        .collect()
}

/// Parses a use line's `who` text. `titles` are the title words of every character and starship
/// the pool knows, used to read names (a name must match a card).
pub fn parse(who: &str, titles: &[Vec<String>]) -> UseRule {
    let (rest, half, effect) = half_label(who);
    UseRule {
        half,
        effect,
        ..parse_inner(&rest, titles).unwrap_or_default()
    }
}

/// Parses every use line of one card. A line of `any other X` after the first (`Mace Windu`,
/// then `any other Jedi`) is for the characters the first line does not take in: since the
/// owner chooses among the lines that fit (RULINGS.md E4), reading "other" as nothing would
/// let Mace Windu use his own lightsaber's 0-dot line.
pub fn parse_lines<'a>(
    whos: impl IntoIterator<Item = &'a str>,
    titles: &[Vec<String>],
) -> Vec<UseRule> {
    let whos: Vec<&str> = whos.into_iter().collect();
    let mut rules: Vec<UseRule> = whos.iter().map(|w| parse(w, titles)).collect();
    let first: Vec<Single> = rules
        .first()
        .map(|r| r.alts.iter().flat_map(|g| g.members.clone()).collect())
        .unwrap_or_default();
    for (rule, who) in rules.iter_mut().zip(&whos).skip(1) {
        let lower = deunicode(who).to_lowercase();
        let lower = lower.trim_start();
        if first.is_empty() || !(lower.starts_with("any other ") || lower.starts_with("other ")) {
            continue;
        }
        for m in rule.alts.iter_mut().flat_map(|g| g.members.iter_mut()) {
            let inner = std::mem::replace(m, single(Pred::Any));
            *m = single(Pred::Other(Box::new(inner), first.clone()));
        }
    }
    rules
}

/// Strips a Double Impact half label: `left half:` / `right half:` before, `(left half)` /
/// `(right-half effect)` / `(effect)` after.
fn half_label(who: &str) -> (String, Option<Half>, bool) {
    let mut s = who.trim().to_string();
    let mut half = None;
    let mut effect = false;
    for (prefix, h) in [("left half:", Half::Left), ("right half:", Half::Right)] {
        if s.get(..prefix.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
        {
            s = s[prefix.len()..].trim().to_string();
            half = Some(h);
        }
    }
    for (suffix, h, e) in [
        ("(left half)", Some(Half::Left), false),
        ("(right-half effect)", Some(Half::Right), true),
        ("(effect)", None, true),
    ] {
        let at = s.len().saturating_sub(suffix.len());
        if s.get(at..).is_some_and(|t| t.eq_ignore_ascii_case(suffix)) {
            s = s[..at].trim().to_string();
            half = half.or(h);
            effect |= e;
        }
    }
    (s, half, effect)
}

fn parse_inner(who: &str, titles: &[Vec<String>]) -> Option<UseRule> {
    let mut s = deunicode(who)
        .to_lowercase()
        .replace(['#', '\u{2666}'], " diamond ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if let Some(rest) = s.strip_prefix("use with ") {
        s = rest.to_string();
    }
    if this_character(&s) {
        return Some(UseRule {
            alts: vec![Group {
                members: vec![single(Pred::ThisCard)],
                same_stack: false,
                distinct: false,
                at: None,
            }],
            ..UseRule::default()
        });
    }
    let mut not_in_duel = false;
    for tail in [
        "(may not be used in a duel)",
        "(may not be used in a dual)",
        "(not in a duel)",
    ] {
        if let Some(rest) = s.strip_suffix(tail) {
            s = rest.trim().to_string();
            not_in_duel = true;
        }
    }
    let mut not_vs = Vec::new();
    let mut while_using = Vec::new();
    let mut unplayed_condition = false;
    if let Some(at) = s.find(" (bonus only if not vs ")
        && let Some(list) = s[at..]
            .strip_prefix(" (bonus only if not vs ")
            .and_then(|r| r.strip_suffix(')'))
    {
        for name in split_alternatives(list) {
            match parse_single(&name, titles)? {
                (m, 1, None) => not_vs.push(m),
                _ => return None,
            }
        }
        s.truncate(at);
    } else if let Some(at) = s.find(" (bonus only while using ")
        && let Some(name) = s[at..]
            .strip_prefix(" (bonus only while using ")
            .and_then(|r| r.strip_suffix(')'))
    {
        let words = name_words(name);
        if words.is_empty() {
            return None;
        }
        while_using.push(words);
        s.truncate(at);
    } else if let Some(at) = s.find(" (bonus only if ")
        && s.ends_with(')')
    {
        unplayed_condition = true;
        s.truncate(at);
    }
    let mut vs = Vec::new();
    if let Some(at) = s.find(" (bonus only vs ")
        && let Some(list) = s[at..]
            .strip_prefix(" (bonus only vs ")
            .and_then(|r| r.strip_suffix(')'))
    {
        for name in split_alternatives(list) {
            match parse_single(&name, titles)? {
                (m, 1, None) => vs.push(m),
                _ => return None,
            }
        }
        s.truncate(at);
    }
    let s = s.trim_end_matches('.').trim().to_string();
    let mut together = false;
    let mut s = s;
    for tail in [". they fight together", " they fight together", " together"] {
        if let Some(rest) = s.strip_suffix(tail) {
            s = rest.trim_end_matches('.').trim().to_string();
            together = true;
            break;
        }
    }
    // "any two different Podracer pilots (except Sebulba)" (JC-126): members that are
    // different characters, none of them the one excepted.
    let mut except = Vec::new();
    for open in [" (except ", " (not "] {
        if let Some(at) = s.find(open)
            && let Some(name) = s[at + open.len()..].strip_suffix(')')
        {
            let words = name_words(name);
            if words.is_empty() || !titles.iter().any(|t| contains_run(t, &words)) {
                return None;
            }
            except = words;
            s.truncate(at);
            break;
        }
    }
    let mut different = false;
    for (from, to) in [
        ("any two different ", "any two "),
        ("any three different ", "any three "),
    ] {
        if let Some(rest) = s.strip_prefix(from) {
            s = format!("{to}{rest}");
            different = true;
        }
    }
    if (different || !except.is_empty()) && !together {
        return None;
    }
    // "Ann and Tann Gella together with Sebulba": a group named around its "together".
    if !together && let Some((a, b)) = s.split_once(" together with ") {
        s = format!("{a} and {b}");
        together = true;
    }
    // Anything else with sentence punctuation is game text we do not read yet.
    if s.is_empty() || s.contains(['.', '(', ')', ':', '/']) && !s.contains("and/or") {
        return None;
    }
    if s.contains("http") || s.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let s = s.strip_prefix("either ").unwrap_or(&s).to_string();
    if let Some(g) = any_n_of(&s, titles) {
        return Some(UseRule {
            alts: vec![g?],
            not_in_duel,
            vs,
            not_vs,
            while_using,
            unplayed_condition,
            ..UseRule::default()
        });
    }
    // Alternatives of whole groups: "a and b, or c and d".
    let group_alts: Vec<&str> = s.split(", or ").collect();
    let mut alts = Vec::new();
    // "Gragra, Bib Fortuna, or any Nikto" (BP-51) is a list of single conditions with a
    // serial comma, not alternatives of groups: groups name two members each.
    if group_alts.len() > 1 && group_alts.iter().all(|g| g.contains(" and ")) {
        for g in group_alts {
            let g = g.strip_prefix("with ").unwrap_or(g);
            alts.push(parse_group(g, titles, together)?);
        }
    } else {
        // Alternatives of single conditions sharing a prefix: "any diamond a, b or c".
        let pieces = split_alternatives(&s);
        // "any three Royal Guards, Naboo Security and/or Bravo Pilots. They fight together"
        // (BN-50, DM-62, JC-58, RF-DI10): one group whose members may each be any of the
        // kinds listed, in any mix (rulebook "Fight Together").
        if pieces.len() > 1 && count_prefix(&pieces[0]) > 1 {
            if !together {
                return None;
            }
            let (first, n, place) = parse_single(&pieces[0], titles)?;
            let mut kinds = vec![first];
            let prefix = any_prefix(&pieces[0]);
            for p in &pieces[1..] {
                let text = if p.starts_with("any ") {
                    p.to_string()
                } else {
                    format!("{prefix}{p}")
                };
                match parse_single(&text, titles)? {
                    (m, 1, None) => kinds.push(m),
                    _ => return None,
                }
            }
            if place.is_some() || n < 2 {
                return None;
            }
            return Some(UseRule {
                alts: vec![Group {
                    members: vec![single(Pred::Either(kinds)); n],
                    same_stack: false,
                    distinct: false,
                    at: None,
                }],
                not_in_duel,
                vs,
                not_vs,
                while_using,
                unplayed_condition,
                ..UseRule::default()
            });
        }
        let prefix = any_prefix(&pieces[0]);
        for (i, p) in pieces.iter().enumerate() {
            let text = if i > 0 && !p.starts_with("any ") && !prefix.is_empty() {
                format!("{prefix}{p}")
            } else {
                p.to_string()
            };
            alts.push(parse_group(&text, titles, together)?);
        }
    }
    for g in &mut alts {
        g.distinct |= different;
        if !except.is_empty() {
            for m in &mut g.members {
                *m = single(Pred::Except(Box::new(m.clone()), except.clone()));
            }
        }
    }
    Some(UseRule {
        alts,
        not_in_duel,
        vs,
        not_vs,
        while_using,
        unplayed_condition,
        ..UseRule::default()
    })
}

/// An Armed & Dangerous card's own line: `this character (X)` or `X (this character, using
/// the weapon half)`, X a name.
fn this_character(s: &str) -> bool {
    let name = if let Some(r) = s.strip_prefix("this character (") {
        r.strip_suffix(')')
    } else {
        s.strip_suffix(" (this character, using the weapon half)")
    };
    name.is_some_and(|n| !n.trim().is_empty() && !n.contains(['(', ')', ',', '.']))
}

/// Splits `a, b or c` / `a and/or b` into pieces.
fn split_alternatives(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in s.split(", ") {
        for p in part.split(" and/or ") {
            for q in p.split(" or ") {
                // "Gragra, Bib Fortuna, or any Nikto" (BP-51): the serial comma's "or".
                let q = q.trim();
                let q = q.strip_prefix("or ").unwrap_or(q).trim();
                if !q.is_empty() {
                    out.push(q.to_string());
                }
            }
        }
    }
    out
}

/// `any`, `any other`, `any diamond`... the words a later alternative inherits.
fn any_prefix(s: &str) -> String {
    let mut prefix = String::new();
    let mut rest = s;
    for w in ["any ", "other ", "diamond "] {
        if let Some(r) = rest.strip_prefix(w) {
            prefix.push_str(w);
            rest = r;
        }
    }
    prefix
}

fn count_prefix(s: &str) -> usize {
    let rest = &s[any_prefix(s).len()..];
    for (w, n) in [("one ", 1), ("two ", 2), ("three ", 3)] {
        if rest.starts_with(w) {
            return n;
        }
    }
    1
}

/// One alternative: a single condition, `n` of one kind, or `a and b` (a group).
fn parse_group(s: &str, titles: &[Vec<String>], together: bool) -> Option<Group> {
    let s = s.trim();
    if s == "two character cards from the same character stack" {
        return Some(Group {
            members: vec![single(Pred::Any); 2],
            same_stack: true,
            distinct: false,
            at: None,
        });
    }
    let parts = split_and(s, titles);
    let mut members = Vec::new();
    let mut at = None;
    for p in &parts {
        let (m, n, place) = parse_single(p, titles)?;
        if place.is_some() {
            if parts.len() > 1 || at.is_some() {
                return None;
            }
            at = place;
        }
        for _ in 0..n {
            members.push(m.clone());
        }
    }
    // A group needs "together" or an explicit count or several names; a lone "together" with
    // one member is not something we understand.
    if together && members.len() < 2 {
        return None;
    }
    Some(Group {
        members,
        same_stack: false,
        distinct: false,
        at,
    })
}

/// Splits "a and b" into pieces, re-joining pieces that make a title ("Ann and Tann Gella").
fn split_and(s: &str, titles: &[Vec<String>]) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    for piece in s.split(" and ") {
        if let Some(last) = parts.last_mut() {
            let joined = format!("{last} and {piece}");
            let jw = name_words(&joined);
            if titles
                .iter()
                .any(|t| t.starts_with(&jw) || contains_run(t, &jw))
            {
                *last = joined;
                continue;
            }
        }
        parts.push(piece.to_string());
    }
    parts
}

/// `any two of X, Y, Z and W`: a group of two different characters, each any of the names
/// (rulebook "Fight Together"). `None`: not this form; `Some(None)`: this form, unreadable.
fn any_n_of(s: &str, titles: &[Vec<String>]) -> Option<Option<Group>> {
    let rest = s.strip_prefix("any ")?;
    let (n, list) = [("two of ", 2), ("three of ", 3)]
        .into_iter()
        .find_map(|(w, n)| rest.strip_prefix(w).map(|l| (n, l)))?;
    let mut names = Vec::new();
    for part in list.split(", ") {
        for name in split_and(part, titles) {
            let words = name_words(&name);
            if words.is_empty() || !titles.iter().any(|t| contains_run(t, &words)) {
                return Some(None);
            }
            names.push(words);
        }
    }
    if names.len() < n {
        return Some(None);
    }
    Some(Some(Group {
        members: vec![single(Pred::OneOf(names)); n],
        same_stack: false,
        distinct: true,
        at: None,
    }))
}

fn single(pred: Pred) -> Single {
    Single {
        pred,
        diamond: false,
    }
}

/// One condition: returns it, how many characters it asks for, and a place condition.
fn parse_single(s: &str, titles: &[Vec<String>]) -> Option<(Single, usize, Option<Place>)> {
    let s = s.trim();
    if s == "first character in battle plan" || s == "first character in your battle plan" {
        return Some((single(Pred::FirstInPlan), 1, None));
    }
    let (body, place) = split_place(s)?;
    let mut rest = body.as_str();
    let mut any = false;
    let mut diamond = false;
    let mut n = 1;
    if let Some(r) = rest.strip_prefix("any ") {
        any = true;
        rest = r;
    }
    if let Some(r) = rest.strip_prefix("other ") {
        // Whom "other" leaves out is the card's first line: `parse_lines` reads it.
        rest = r;
    }
    for (w, k) in [("one ", 1), ("two ", 2), ("three ", 3)] {
        if let Some(r) = rest.strip_prefix(w) {
            n = k;
            rest = r;
        }
    }
    if let Some(r) = rest.strip_prefix("diamond ") {
        diamond = true;
        rest = r;
    }
    let rest = rest.trim();
    if rest.is_empty() {
        return None;
    }
    if let Some(class) = match rest {
        "transport" | "transports" | "transport starship" | "transport starships" => {
            Some(StarshipClass::Transport)
        }
        "starfighter" | "starfighters" => Some(StarshipClass::Starfighter),
        _ => None,
    } && any
    {
        return Some((
            Single {
                pred: Pred::Class(class),
                diamond,
            },
            n,
            place,
        ));
    }
    if let Some(r) = rest.strip_prefix("non-diamond ")
        && (r == "character" || r == "characters")
        && any
        && !diamond
    {
        return Some((single(Pred::NonDiamond), n, place));
    }
    if rest == "character" || rest == "characters" {
        if !any && n == 1 {
            return None;
        }
        return Some((
            Single {
                pred: Pred::Any,
                diamond,
            },
            n,
            place,
        ));
    }
    if !any && n == 1 && !diamond {
        // A name: must match a card.
        let words = name_words(rest);
        if !words.is_empty() && titles.iter().any(|t| contains_run(t, &words)) {
            return Some((single(Pred::Named(words)), 1, place));
        }
        return None;
    }
    // A kind: singular form, as a trait or as words of the name.
    let kind = singular(rest);
    let key = normalise(&kind);
    if key.is_empty() {
        return None;
    }
    let pred = match Traits::from_word(&key) {
        Some(t) => Pred::Trait(t),
        None => {
            // A kind must name at least one card, or we are reading something else.
            let known = titles.iter().any(|t| t.concat().contains(&key));
            if !known {
                return None;
            }
            Pred::NameContains(key)
        }
    };
    Some((Single { pred, diamond }, n, place))
}

/// A kind's name as the reader keys it (singular: `any two Royal Guards`).
pub(crate) fn singular(s: &str) -> String {
    let mut words: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    if let Some(last) = words.last_mut()
        && last.len() > 3
        && last.ends_with('s')
        && !last.ends_with("ss")
    {
        last.pop();
    }
    words.join(" ")
}

/// Splits off `fighting on <planet>` / `fighting at [the] <site>`.
fn split_place(s: &str) -> Option<(String, Option<Place>)> {
    let s = s.replace(" who is fighting ", " fighting ");
    let Some(idx) = s.find(" fighting ") else {
        return Some((s, None));
    };
    let (body, tail) = s.split_at(idx);
    let tail = tail.trim_start().strip_prefix("fighting ")?;
    let place = if let Some(p) = tail.strip_prefix("on ") {
        let planet = Planet::ALL
            .into_iter()
            .find(|pl| normalise(pl.as_str()) == normalise(p))?;
        Place::Planet(planet)
    } else if let Some(p) = tail.strip_prefix("at ") {
        let p = p.strip_prefix("the ").unwrap_or(p);
        let key = normalise(p);
        let mut found = None;
        for planet in Planet::ALL {
            for (i, site) in planet.sites().iter().enumerate() {
                if normalise(site) == key {
                    found = Some(Place::Site(planet, i as u8));
                }
            }
        }
        found?
    } else {
        return None;
    };
    Some((body.to_string(), Some(place)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles() -> Vec<Vec<String>> {
        [
            "Aurra Sing",
            "Darth Maul",
            "Darth Sidious",
            "Anakin Skywalker",
            "Padmé Naberrie",
            "Jabba the Hutt",
            "Bib Fortuna",
            "Ann and Tann Gella",
            "Sebulba",
            "Gardulla the Hutt",
            "Fode and Beed",
            "Royal Guard",
            "Bravo Pilot",
            "Naboo Security",
            "Battle Droid: Pilot",
            "Qui-Gon Jinn",
            "Queen Amidala",
            "Gungan Warrior",
            "Tusken Raider",
        ]
        .iter()
        .map(|t| name_words(t))
        .collect()
    }

    fn p(s: &str) -> UseRule {
        parse(s, &titles())
    }

    #[test]
    fn reads_names_kinds_and_places() {
        let r = p("Aurra Sing");
        assert_eq!(r.alts.len(), 1);
        assert_eq!(
            r.alts[0].members[0].pred,
            Pred::Named(name_words("Aurra Sing"))
        );
        let r = p("any other Jedi");
        assert_eq!(r.alts[0].members[0].pred, Pred::Trait(Traits::JEDI));
        let r = p("any diamond Royal Guard, Bravo Pilot or Naboo Security");
        assert_eq!(r.alts.len(), 3);
        assert!(r.alts.iter().all(|g| g.members[0].diamond));
        assert_eq!(
            r.alts[2].members[0].pred,
            Pred::NameContains("naboosecurity".into())
        );
        let r = p("any character fighting on Tatooine");
        assert_eq!(r.alts[0].at, Some(Place::Planet(Planet::Tatooine)));
        let r = p("any character fighting at the Podrace Arena");
        assert_eq!(r.alts[0].at, Some(Place::Site(Planet::Tatooine, 2)));
        let r = p("Darth Maul or Darth Sidious");
        assert_eq!(r.alts.len(), 2);
        let r = p("Any character (may not be used in a duel)");
        assert!(r.not_in_duel && r.alts[0].members[0].pred == Pred::Any);
        // The catalogue's own wording of the same restriction (BP-20 Comlink and others).
        let r = p("any character (not in a duel)");
        assert!(r.not_in_duel && r.alts[0].members[0].pred == Pred::Any);
    }

    #[test]
    fn reads_groups_that_fight_together() {
        let r = p("Anakin and Padmé together");
        assert_eq!(r.alts[0].members.len(), 2);
        let r = p("Ann and Tann Gella and Sebulba");
        assert_eq!(r.alts[0].members.len(), 2, "{r:?}");
        let r = p("three diamond battle droids");
        assert_eq!(r.alts[0].members.len(), 3);
        let r = p("Use with any three Gungans. They fight together");
        assert_eq!(r.alts[0].members.len(), 3);
        let r = p("two character cards from the same character stack");
        assert!(r.alts[0].same_stack);
    }

    #[test]
    fn reads_any_two_of_a_list_as_two_different_characters_fighting_together() {
        // RF-C11 (rulebook "Combo Battle Cards", "Fight Together"): two characters from the
        // list fight together; "Fode and Beed" is one character, not two.
        let r = p("any two of Jabba the Hutt, Gardulla the Hutt, Bib Fortuna, Fode and Beed");
        assert_eq!(r.alts.len(), 1, "{r:?}");
        let g = &r.alts[0];
        assert_eq!(g.members.len(), 2);
        assert!(g.distinct && !g.same_stack);
        let Pred::OneOf(names) = &g.members[0].pred else {
            panic!("{g:?}")
        };
        assert_eq!(names.len(), 4);
        assert!(names.contains(&name_words("Fode and Beed")));
        let m = &g.members[0];
        for t in ["Jabba the Hutt", "Fode and Beed", "Bib Fortuna"] {
            assert!(m.matches(&Fixture(name_words(t)), false, false), "{t}");
        }
        for t in ["Sebulba", "Aurra Sing"] {
            assert!(!m.matches(&Fixture(name_words(t)), false, false), "{t}");
        }
        assert_eq!(
            p("any three of Jabba the Hutt, Sebulba and Bib Fortuna").alts[0]
                .members
                .len(),
            3
        );
        // A name that matches no card, or fewer names than asked: nobody.
        assert!(p("any two of Jabba the Hutt, Nobody Known").is_nobody());
        assert!(p("any three of Jabba the Hutt and Sebulba").is_nobody());
    }

    #[test]
    fn reads_together_with_as_one_group() {
        // RF-C12: "Ann and Tann Gella together with Sebulba" is one group of two characters.
        let r = p("Ann and Tann Gella together with Sebulba");
        assert_eq!(r.alts.len(), 1, "{r:?}");
        assert_eq!(
            r.alts[0].members,
            vec![
                single(Pred::Named(name_words("Ann and Tann Gella"))),
                single(Pred::Named(name_words("Sebulba"))),
            ]
        );
        assert!(p("Sebulba together with Nobody Known").is_nobody());
    }

    #[test]
    fn reads_a_bonus_only_against_named_opponents() {
        // RF-C6 (rulebook "Combo Battle Cards"): the card works with Obi-Wan; its bonus counts
        // only against Darth Maul or Darth Sidious.
        let titles = [titles(), vec![name_words("Obi-Wan Kenobi")]].concat();
        let r = parse(
            "Obi-Wan (bonus only vs Darth Maul or Darth Sidious)",
            &titles,
        );
        assert_eq!(
            r.alts[0].members,
            vec![single(Pred::Named(name_words("Obi-Wan")))]
        );
        assert_eq!(
            r.vs,
            vec![
                single(Pred::Named(name_words("Darth Maul"))),
                single(Pred::Named(name_words("Darth Sidious"))),
            ]
        );
        assert!(p("Aurra Sing").vs.is_empty());
        for s in [
            "Obi-Wan (bonus only vs Nobody Known)",
            "Aurra Sing (bonus only vs any two Jedi)",
            "Aurra Sing (bonus only vs Darth Maul",
        ] {
            assert!(parse(s, &titles).is_nobody(), "{s}");
        }
    }

    #[test]
    fn reads_this_character_as_the_card_itself() {
        // Armed & Dangerous cards (rulebook "Armed & Dangerous Cards"): the weapon half is used
        // by the character half of the same card, and by no other character.
        for s in [
            "this character (Jar Jar Binks)",
            "this character (Ki-Adi-Mundi)",
            "Aurra Sing (this character, using the weapon half)",
            "OOM-9 (this character, using the weapon half)",
        ] {
            let r = p(s);
            assert_eq!(r.alts.len(), 1, "{s}");
            assert_eq!(r.alts[0].members, vec![single(Pred::ThisCard)], "{s}");
        }
        let this = &p("this character (Aurra Sing)").alts[0].members[0];
        let aurra = Fixture(name_words("Aurra Sing"));
        assert!(this.matches(&aurra, false, true));
        assert!(!this.matches(&aurra, true, false));
        for s in [
            "this character ()",
            "this character",
            "(this character, using the weapon half)",
        ] {
            assert!(p(s).is_nobody(), "{s}");
        }
    }

    #[test]
    fn reads_double_impact_half_labels() {
        // Rulebook "Double Impact Cards": "choose which of the two depicted cards you wish to
        // use"; each line is attributed to its half, and the rest read as usual.
        let r = p("left half: any Podracer pilot or any pit droid");
        assert_eq!((r.half, r.effect), (Some(Half::Left), false));
        let r = p("first character in your battle plan (left half)");
        assert_eq!((r.half, r.effect), (Some(Half::Left), false));
        assert_eq!(r.alts[0].members, vec![single(Pred::FirstInPlan)]);
        let r = p("left half: first character in your battle plan");
        assert_eq!(r.alts[0].members, vec![single(Pred::FirstInPlan)]);
        let r = p("right half: any Royal Guard");
        assert_eq!((r.half, r.effect), (Some(Half::Right), false));
        assert_eq!(r.alts.len(), 1);
        // Effect halves' lines are labelled but not read as battle bonuses.
        let r = p("each Gungan (right-half effect)");
        assert_eq!(
            (r.half, r.effect, r.is_nobody()),
            (Some(Half::Right), true, true)
        );
        let r = p("right half: each Podracer pilot (effect)");
        assert_eq!(
            (r.half, r.effect, r.is_nobody()),
            (Some(Half::Right), true, true)
        );
        let r = p("Aurra Sing");
        assert_eq!((r.half, r.effect), (None, false));
        // Multi-byte characters where a label would be never split a character.
        for s in ["any two ◆ Guards", "◆", "ab◆ (effect)", "é"] {
            assert_eq!(p(s).half, None, "{s}");
        }
    }

    #[test]
    fn reads_bonus_conditions_and_new_kinds() {
        // BN-123 Not For A Sith: the bonus only while using a named weapon.
        let r = p("Darth Maul (bonus only while using Darth Maul's Lightsaber)");
        assert_eq!(r.alts.len(), 1);
        assert_eq!(r.while_using, vec![name_words("Darth Maul's Lightsaber")]);
        // V1-JC-42: not against droids.
        let r = p("any Jedi Master (bonus only if not vs any droid)");
        assert_eq!(r.not_vs[0].pred, Pred::NameContains("droid".into()));
        // BP-22: a condition not played yet: used, bonus refused.
        let r = p("any character (bonus only if you reveal your hand to your opponent)");
        assert!(r.unplayed_condition && r.alts[0].members[0].pred == Pred::Any);
        assert!(!p("Aurra Sing").unplayed_condition);
        // DF-48 Impossible!: a character or a class of starship.
        let r = p("Tey How or any transport starship");
        assert!(r.is_nobody(), "Tey How is not among this fixture's titles");
        let titles = [titles(), vec![name_words("Tey How")]].concat();
        let r = parse("Tey How or any transport starship", &titles);
        assert_eq!(
            r.alts[1].members[0].pred,
            Pred::Class(StarshipClass::Transport)
        );
        // BP-51 Watto's Datapad: the serial comma's "or".
        let titles = [titles, vec![name_words("Gragra"), name_words("Nikto")]].concat();
        let r = parse("Gragra, Bib Fortuna, or any Nikto", &titles);
        assert_eq!(r.alts.len(), 3, "{r:?}");
        // BP-21: a user that is not diamond.
        assert_eq!(
            p("any non-diamond character").alts[0].members[0].pred,
            Pred::NonDiamond
        );
        assert!(p("non-diamond character").is_nobody());
    }

    struct Fixture(Vec<String>);
    impl Candidate for Fixture {
        fn title_words(&self) -> &[String] {
            &self.0
        }
        fn name_key(&self) -> &str {
            ""
        }
        fn traits(&self) -> Traits {
            Traits::default()
        }
        fn is_diamond(&self) -> bool {
            false
        }
    }

    #[test]
    fn reads_a_group_of_three_of_several_kinds() {
        // BN-50, DM-62, JC-58, RF-DI10 (rulebook "Fight Together"): three characters, each
        // any of the kinds, each kind diamond only.
        let r = p(
            "any three diamond Royal Guards, diamond Naboo Security and/or diamond Bravo \
             Pilots together",
        );
        assert_eq!(r.alts.len(), 1, "{r:?}");
        let g = &r.alts[0];
        assert_eq!(g.members.len(), 3);
        let Pred::Either(kinds) = &g.members[0].pred else {
            panic!("{g:?}")
        };
        assert_eq!(kinds.len(), 3);
        assert!(kinds.iter().all(|k| k.diamond), "{kinds:?}");
        assert_eq!(kinds[1].pred, Pred::NameContains("naboosecurity".into()));
        // Without "together" it is not a group we read.
        assert!(p("any three diamond Royal Guards, diamond Naboo Security").is_nobody());
    }

    #[test]
    fn reads_two_different_characters_but_one_excepted() {
        // JC-126 Start Your Engines!: "any two different Podracer pilots (except Sebulba).
        // They fight together."
        let r = p("any two different Podracer pilots (except Sebulba) together");
        assert_eq!(r.alts.len(), 1, "{r:?}");
        let g = &r.alts[0];
        assert!(g.distinct && !g.same_stack && g.members.len() == 2, "{g:?}");
        let Pred::Except(inner, not) = &g.members[0].pred else {
            panic!("{g:?}")
        };
        assert_eq!(not, &name_words("Sebulba"));
        assert!(matches!(inner.pred, Pred::Trait(_)), "{inner:?}");
        assert!(!g.members[0].matches(&Fixture(name_words("Sebulba")), false, false));
    }

    #[test]
    fn what_we_cannot_read_is_usable_by_nobody() {
        for s in [
            "",
            "0",
            "na",
            "https://example.org/x.gif",
            "Jar Jar Binks or any other character fighting a Tank",
            "Use with any character. If you win this fight, opponent takes 2 extra DAMAGE.",
            "Qui-Gun and Obi-Wan",
            "any two different Podracer pilots (not Sebulba)",
            "any two different Podracer pilots (except Nobody Known) together",
            "Add power bonus to each of your characters during your opponent's turn.",
        ] {
            assert!(p(s).is_nobody(), "{s} should be nobody: {:?}", p(s));
        }
    }
}
