//! Traits come from a card's name (RULINGS.md R1): a character is a Jedi only if its title or
//! subtitle says "Jedi", and so on for the other kinds, with the rulebook's exceptions
//! ("Jedi Masters & Bounty Hunters", "Podracing Characteristics").

use crate::catalogue::normalise;

/// A set of traits as bits; small and `Copy` so the card pool stays cheap to query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Traits(pub u32);

impl Traits {
    pub const JEDI: Traits = Traits(1);
    pub const JEDI_MASTER: Traits = Traits(1 << 1);
    pub const PODRACER_PILOT: Traits = Traits(1 << 2);
    pub const BOUNTY_HUNTER: Traits = Traits(1 << 3);
    pub const SENATOR: Traits = Traits(1 << 4);
    pub const GUNGAN: Traits = Traits(1 << 5);
    pub const NEIMOIDIAN: Traits = Traits(1 << 6);
    pub const HANDMAIDEN: Traits = Traits(1 << 7);
    /// A character who can fight with a lightsaber (rulebook "What is a dueling character?").
    pub const DUELING: Traits = Traits(1 << 8);
    /// Weapon kinds.
    pub const LIGHTSABER: Traits = Traits(1 << 9);
    pub const PODRACER: Traits = Traits(1 << 10);

    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }

    pub fn union(self, other: Traits) -> Traits {
        Traits(self.0 | other.0)
    }

    /// The trait named by a word of a use line (`jedi`, `senator`...), if it is one of ours.
    pub fn from_word(word: &str) -> Option<Traits> {
        Some(match word {
            "jedi" => Traits::JEDI,
            "jedimaster" => Traits::JEDI_MASTER,
            "podracerpilot" => Traits::PODRACER_PILOT,
            "bountyhunter" => Traits::BOUNTY_HUNTER,
            "senator" => Traits::SENATOR,
            "gungan" => Traits::GUNGAN,
            "neimoidian" => Traits::NEIMOIDIAN,
            "handmaiden" => Traits::HANDMAIDEN,
            _ => return None,
        })
    }
}

/// The traits of a character named `title, subtitle` (RULINGS.md R1).
pub fn character_traits(title: &str, subtitle: &str) -> Traits {
    let t = normalise(title);
    let name = format!("{t} {}", normalise(subtitle));
    let has = |w: &str| name.contains(w);
    let mut out = Traits::default();
    // RULINGS.md E5: a name says what a character is, not who tests him (EBN-P9 Anakin Skywalker,
    // Tested by the Jedi Council).
    if has("jedi") && !has("testedbythejedicouncil") {
        out = out.union(Traits::JEDI);
        // "All Jedi are Jedi Masters EXCEPT Ki-Adi Mundi and Obi-Wan Kenobi."
        if !(t.starts_with("kiadimundi") || t.starts_with("obiwankenobi")) {
            out = out.union(Traits::JEDI_MASTER);
        }
    }
    // "All versions of the two stackable characters Anakin Skywalker and Sebulba are Podracer
    // pilots, whether this characteristic is in the card's subtitle or not."
    if has("podracerpilot") || t == "anakinskywalker" || t == "sebulba" {
        out = out.union(Traits::PODRACER_PILOT);
    }
    // "All versions of Aurra Sing are considered bounty hunters."
    if has("bountyhunter") || t == "aurrasing" {
        out = out.union(Traits::BOUNTY_HUNTER);
    }
    for (word, tr) in [
        ("senator", Traits::SENATOR),
        ("gungan", Traits::GUNGAN),
        ("neimoidian", Traits::NEIMOIDIAN),
        ("handmaiden", Traits::HANDMAIDEN),
    ] {
        if has(word) {
            out = out.union(tr);
        }
    }
    // Dueling characters: "Obi-Wan Kenobi, Qui-Gon Jinn and all other Jedi characters for the
    // Light Side (but not Anakin...he is not a Jedi yet). Their Dark Side dueling opponents
    // include Darth Maul, Darth Sidious and Aurra Sing."
    let named_duelist = [
        "obiwankenobi",
        "quigonjinn",
        "darthmaul",
        "darthsidious",
        "aurrasing",
    ]
    .contains(&t.as_str());
    if (out.contains(Traits::JEDI) || named_duelist) && t != "anakinskywalker" {
        out = out.union(Traits::DUELING);
    }
    out
}

/// The traits of a weapon: lightsabers and Podracers are named so in their titles.
pub fn weapon_traits(title: &str) -> Traits {
    let t = normalise(title);
    let mut out = Traits::default();
    if t.contains("lightsaber") {
        out = out.union(Traits::LIGHTSABER);
    }
    if t.contains("podracer") {
        out = out.union(Traits::PODRACER);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jedi_only_when_the_name_says_so() {
        // RULINGS.md R1: BN #4 Anakin Skywalker, Padawan is not a Jedi.
        assert!(!character_traits("Anakin Skywalker", "Padawan").contains(Traits::JEDI));
        assert!(character_traits("Mace Windu", "Jedi Master").contains(Traits::JEDI_MASTER));
        assert!(character_traits("Yoda", "Jedi Master").contains(Traits::DUELING));
    }

    #[test]
    fn anakin_tested_by_the_jedi_council_is_not_a_jedi() {
        // RULINGS.md E5 (EBN-P9): "his subtitle holds the word", but he has neither the Jedi nor
        // the Jedi Master trait; still a Podracer pilot, not a duelist.
        let a = character_traits("Anakin Skywalker", "Tested by the Jedi Council");
        assert!(!a.contains(Traits::JEDI));
        assert!(!a.contains(Traits::JEDI_MASTER));
        assert!(!a.contains(Traits::DUELING));
        assert!(a.contains(Traits::PODRACER_PILOT));
    }

    #[test]
    fn rulebook_exceptions() {
        // "All Jedi are Jedi Masters EXCEPT Ki-Adi Mundi and Obi-Wan Kenobi."
        let obi = character_traits("Obi-Wan Kenobi", "Young Jedi");
        assert!(obi.contains(Traits::JEDI) && !obi.contains(Traits::JEDI_MASTER));
        let ki = character_traits("Ki-Adi-Mundi", "Jedi Master");
        assert!(!ki.contains(Traits::JEDI_MASTER));
        // "All versions of Aurra Sing are considered bounty hunters."
        assert!(character_traits("Aurra Sing", "Trophy Collector").contains(Traits::BOUNTY_HUNTER));
        // Sebulba, Bad-Tempered Dug is a Podracer pilot (RULINGS.md R1); every Anakin too.
        assert!(character_traits("Sebulba", "Bad-Tempered Dug").contains(Traits::PODRACER_PILOT));
        assert!(character_traits("Anakin Skywalker", "Padawan").contains(Traits::PODRACER_PILOT));
        assert!(!character_traits("Watto", "Slave Owner").contains(Traits::PODRACER_PILOT));
    }

    #[test]
    fn dueling_characters() {
        // "What is a dueling character?": Jedi, Obi-Wan, Qui-Gon, Maul, Sidious, Aurra; not Anakin.
        assert!(character_traits("Darth Maul", "Sith Apprentice").contains(Traits::DUELING));
        assert!(character_traits("Aurra Sing", "Bounty Hunter").contains(Traits::DUELING));
        assert!(!character_traits("Anakin Skywalker", "Podracer Pilot").contains(Traits::DUELING));
        assert!(!character_traits("Bravo Pilot", "Veteran Flyer").contains(Traits::DUELING));
    }

    #[test]
    fn weapons() {
        assert!(weapon_traits("Sith Lightsaber").contains(Traits::LIGHTSABER));
        assert!(weapon_traits("Sebulba's Podracer").contains(Traits::PODRACER));
        assert_eq!(weapon_traits("Blaster Rifle"), Traits::default());
    }
}
