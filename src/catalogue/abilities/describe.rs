//! Plain sentences generated from a specification (never the printed text): what the
//! engine is asked to play, in the words `yj cards show` prints.

use super::filter::describe_any;
use super::spec::*;
use crate::catalogue::Planet;

fn planet(p: Planet) -> &'static str {
    match p {
        Planet::Tatooine => "Tatooine",
        Planet::Coruscant => "Coruscant",
        Planet::Naboo => "Naboo",
    }
}

fn signed(n: i8) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// "Each starfighter of yours", "each opposing Jedi", "each Gungan": the filters read as one
/// noun (`describe_any` is singular), so "yours" goes after it rather than "each of your".
fn each(w: Whose, what: &str) -> String {
    match w {
        Whose::Yours => format!("each {what} of yours"),
        Whose::Opponents => format!("each opposing {what}"),
        Whose::Any => format!("each {what}"),
    }
}

/// "a Jedi", "an Anakin's Friend": the noun with its indefinite article, chosen by the
/// noun's first letter (the nouns are card names and kinds, none starting with a silent or a
/// sounded-as-consonant vowel).
fn a_or_an(noun: &str) -> String {
    let vowel = noun
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    if vowel {
        format!("an {noun}")
    } else {
        format!("a {noun}")
    }
}

/// "1 card", "3 cards", "2 extra hits".
fn count(n: u8, one: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {one}s")
    }
}

fn condition(c: &Condition) -> String {
    match c {
        Condition::WhileUsing(f) => format!("while using {}", describe_any(f)),
        // Only battle cards carry it: the weapon asked about is their user's, said so, since
        // the sentence it ends names the opposing weapon (BN-51, BN-125).
        Condition::NoWeapon => "if this card's user uses no weapon".into(),
        Condition::Vs(f) => format!("against {}", describe_any(f)),
        Condition::InDuel => "in a duel".into(),
        Condition::NotInDuel => "outside duels".into(),
        Condition::SpaceBattleAt(p) => format!("in a space battle at {}", planet(*p)),
        // The text's own card (DF-10, BP-2), not the cards it changes.
        Condition::OnCurrentPlanet => "while this card is on the current planet".into(),
        Condition::OnPlanet(p) => format!("while on {}", planet(*p)),
        Condition::StackingOn(f) => format!("when stacked on {}", describe_any(f)),
        Condition::Present(f) => format!("while your {} is present", describe_any(f)),
        Condition::DuringTurn(Whose::Opponents) => "during your opponent's turn".into(),
        Condition::DuringTurn(_) => "during your turn".into(),
        Condition::FoughtThisTurn(f) => format!("if {} fought this turn", describe_any(f)),
        Condition::YoursFoughtOrThrusted(f) => {
            format!(
                "if your {} fought or took Thrust this turn",
                describe_any(f)
            )
        }
        Condition::HasControlled { whose, planet: p } => {
            let who = if *whose == Whose::Opponents {
                "your opponent has"
            } else {
                "you have"
            };
            match p {
                Some(p) => format!("if {who} controlled {}", planet(*p)),
                None => format!("if {who} controlled a planet"),
            }
        }
        Condition::OpponentControlsUnsurrendered => {
            "if your opponent controls a planet you did not surrender".into()
        }
        Condition::Evacuating(f) => format!("while evacuating {}", describe_any(f)),
        Condition::EvacuatingThisPlanet => "while it evacuates this planet".into(),
        Condition::AheadInRace => "if your Podracer pilot is ahead in the race".into(),
        Condition::RevealHand => "if you reveal your hand".into(),
        Condition::LastInPlan => "if it is the last card of your battle plan".into(),
        Condition::DefendingInDuel => "while your duelist is the defender".into(),
        Condition::Dueling(f) => format!("if your duelist is {}", describe_any(f)),
    }
}

fn conditions(cs: &[Condition]) -> String {
    if cs.is_empty() {
        String::new()
    } else {
        format!(
            " {}",
            cs.iter().map(condition).collect::<Vec<_>>().join(" and ")
        )
    }
}

fn effect(e: &Effect) -> String {
    match e {
        Effect::Draw(n) => format!("draw {n}"),
        Effect::DrawIntoDuelingHand(n) => format!("draw {n} into the dueling hand"),
        Effect::OpponentDamage(n) => format!("the opponent takes {n} damage"),
        Effect::ThrustTokens(n) => format!("put {} on him", count(*n, "Thrust token")),
        Effect::HandCardUnderDeck => "put a card from hand under your draw deck".into(),
        Effect::RevealHand => "reveal your hand".into(),
        Effect::LookAtOpponentTop => {
            "look at the top card of the opponent's draw deck and may put it at the bottom".into()
        }
        Effect::OpponentDiscards(n) => {
            format!(
                "the opponent discards {} of their choice",
                count(*n, "card")
            )
        }
        Effect::DiscardOpponentLapCard => "discard the opponent's last lap card".into(),
        Effect::DiscardOpposing(f) => {
            format!("discard one opposing face-up {} here", describe_any(f))
        }
        Effect::DamageTimes(n) => format!("the defeated character's damage is multiplied by {n}"),
        Effect::DefeatedExtraDamage(n) => format!("the defeated character deals {n} more damage"),
        Effect::DiscardThisAndHandThenDraw { discard, draw } => {
            format!(
                "discard it and {} from hand, then draw {draw}",
                count(*discard, "card")
            )
        }
        Effect::ShuffleDuelingCards(n) => {
            format!(
                "shuffle up to {n} cards with dueling text from hand or discard pile into the draw deck"
            )
        }
        Effect::CycleHandCard => "discard a card from hand and draw one".into(),
        Effect::ChooseOne(es) => format!(
            "choose one: {}",
            es.iter().map(effect).collect::<Vec<_>>().join(", or ")
        ),
    }
}

fn effects(es: &[Effect]) -> String {
    es.iter().map(effect).collect::<Vec<_>>().join(", then ")
}

fn duel_effect(e: &DuelEffect) -> String {
    match e {
        DuelEffect::ExtraHits(n) => format!("score {}", count(*n, "extra hit")),
        // The discards are a choice of the player ("you may discard this card"): the
        // ability is `optional`, so the sentence says "you may" once.
        DuelEffect::DiscardForExtraHits(n) => format!("discard it for {}", count(*n, "extra hit")),
        DuelEffect::DiscardToDraw(n) => {
            format!("discard it to draw {n} into the dueling hand")
        }
        DuelEffect::DrawIntoDuelingHand(n) => format!("draw {n} into the dueling hand"),
        DuelEffect::RemoveOwnHit(n) => format!("remove {} from your duelist", count(*n, "hit")),
        DuelEffect::CancelOpposingDuelText => {
            "cards that hit this duelist lose their dueling text".into()
        }
        DuelEffect::ExtraCardPerCharacterWithDamage(d) => format!(
            "one more dueling-hand card per other character of yours here with damage {}",
            d.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn cost(c: &Option<Cost>) -> String {
    match c {
        None => String::new(),
        Some(Cost::DiscardThis) => "discard this card to ".into(),
        Some(Cost::DiscardFromHand(n)) => format!("discard {} from hand to ", count(*n, "card")),
    }
}

fn half(h: &Option<Half>) -> &'static str {
    match h {
        Some(Half::Left) => "Left half: ",
        Some(Half::Right) => "Right half: ",
        None => "",
    }
}

/// One plain sentence for one ability (no final full stop).
pub fn describe_ability(a: &Ability) -> String {
    match a {
        Ability::UseLine { half: h } => format!(
            "{}Its use line says who may use it and what it adds (see Bonus line)",
            half(h)
        ),
        Ability::Rulebook { rule, half: h } => format!(
            "{}{}",
            half(h),
            match rule {
                RulebookRule::ArmedAndDangerous =>
                    "A weapon card placed just before it is ignored; it always fights with its own weapon (rulebook)",
                RulebookRule::BoontaEveClassic =>
                    "Plays as the Boonta Eve Classic objective of the rulebook (Podracer deploys, the matching search, Thrust, laps, Refuel)",
            }
        ),
        Ability::Modifier {
            stat,
            amount,
            affects,
            whose: w,
            when,
            half: h,
        } => {
            let stat = match stat {
                Stat::Power => "power",
                Stat::Damage => "damage",
            };
            let who = if affects.is_empty() {
                "This card".to_string()
            } else {
                let s = each(*w, &describe_any(affects));
                let mut c = s.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or(s)
            };
            format!(
                "{}{who}: {} {stat}{}",
                half(h),
                signed(*amount),
                conditions(when)
            )
        }
        Ability::DeployCost {
            cost,
            affects,
            when,
            half: h,
        } => {
            let who = if affects.is_empty() {
                "It".to_string()
            } else {
                format!("Your {}", describe_any(affects))
            };
            match cost {
                Some(0) => format!("{}{who} deploys for free{}", half(h), conditions(when)),
                Some(n) => format!(
                    "{}{who} deploys for {n} counters{}",
                    half(h),
                    conditions(when)
                ),
                None => format!(
                    "{}{who} deploys for fewer counters{} (how many is not known)",
                    half(h),
                    conditions(when)
                ),
            }
        }
        Ability::BonusOnlyIf {
            line,
            when,
            half: h,
        } => {
            // Every card of the catalogue with this template has one use line (a test checks
            // it), so "its bonus" names it; a number would make a reader look for others.
            let which = if *line == 1 {
                "Its bonus".to_string()
            } else {
                format!("The bonus of its use line {line}")
            };
            format!("{}{which} counts only{}", half(h), conditions(when))
        }
        Ability::FightTogether {
            groups,
            count,
            each,
            same_stack,
            half: h,
        } => {
            let gs: Vec<String> = groups
                .iter()
                .map(|g| {
                    g.iter()
                        .map(|f| f.describe())
                        .collect::<Vec<_>>()
                        .join(" + ")
                })
                .chain(count.map(|n| format!("any {n} of {}", describe_any(each))))
                .collect();
            if *same_stack {
                format!("{}Two cards of one character stack add together", half(h))
            } else {
                format!("{}{} fight together", half(h), gs.join(", or "))
            }
        }
        Ability::OnlyDefeated { who } => {
            format!("If they lose, only the {} is defeated", who.describe())
        }
        Ability::SavedIfDefeated { who } => {
            let w = if who.is_empty() {
                "its user".to_string()
            } else {
                describe_any(who)
            };
            format!("If defeated, {w} and its weapon go back to hand and no damage is taken for it")
        }
        Ability::IgnoreOpposingWeapon {
            when,
            cost: c,
            half: h,
        } => match c {
            // "discard this card to" wants a verb after it, not a sentence.
            Some(_) => format!(
                "{}You may {}make the opposing weapon add nothing in this fight{}",
                half(h),
                cost(c),
                conditions(when)
            ),
            None => format!(
                "{}Any weapon the opponent uses in this fight adds nothing{}",
                half(h),
                conditions(when)
            ),
        },
        Ability::TwoWeapons {
            user,
            first,
            second,
        } => format!(
            "{} may use two weapons, {} and {}, and draws destiny for both",
            describe_any(user),
            describe_any(first),
            describe_any(second)
        ),
        Ability::FightsAgain { defeats, half: h } => format!(
            "{}If its user defeats {}, it also fights the next fight with the same weapon",
            half(h),
            a_or_an(&describe_any(defeats))
        ),
        Ability::DeckSearch {
            trigger,
            find,
            to,
            free,
            cost: c,
            when,
            half: h,
        } => {
            let t = match trigger {
                SearchTrigger::Deploys { to: Some(p) } => {
                    format!("When it deploys to {}", planet(*p))
                }
                SearchTrigger::Deploys { to: None } => "When it deploys".into(),
                SearchTrigger::OtherDeploys(f) => format!("When your {} deploys", describe_any(f)),
                SearchTrigger::DeployStep => "In your Deploy step".into(),
            };
            let what = match to {
                Destination::Play if *free => "deploy it for free",
                Destination::Play => "deploy it",
                Destination::Hand => "reveal it and take it into hand",
            };
            format!(
                "{}{t}{}, you may {}search your draw deck for {} and {what}",
                half(h),
                conditions(when),
                cost(c),
                a_or_an(&describe_any(find))
            )
        }
        Ability::Triggered {
            on,
            when,
            optional,
            effect: e,
        } => {
            let t = match on {
                Trigger::Deploys {
                    to: Some(p),
                    to_objective: _,
                } => format!("When it deploys to {}", planet(*p)),
                Trigger::Deploys {
                    to_objective: true, ..
                } => "When it deploys to your Boonta Eve Classic".into(),
                Trigger::Deploys { .. } => "When it deploys".into(),
                Trigger::OtherDeploys { who, .. } => {
                    format!("When your {} deploys here", describe_any(who))
                }
                Trigger::Defeats => "When it defeats a character".into(),
                Trigger::PlanetWon => "When you win control of its planet".into(),
                Trigger::FirstPass => "At its first pass in a duel".into(),
                Trigger::Dueled => "When it is dueled".into(),
            };
            format!(
                "{t}{}, {}{}",
                conditions(when),
                if *optional { "you may " } else { "" },
                effects(e)
            )
        }
        Ability::StepAction {
            step,
            cost: c,
            when,
            effect: e,
            half: h,
        } => {
            let s = match step {
                Step::Deploy => "Deploy",
                Step::EvenUp => "Even Up",
            };
            format!(
                "{}Once in each of your {s} steps{}, you may {}{}",
                half(h),
                conditions(when),
                cost(c),
                effects(e)
            )
        }
        Ability::CountersPerTurn { total, cost: c } => match c {
            None => format!("You may deploy {total} counters each Deploy step"),
            Some(_) => format!(
                "In each Deploy step you may {}deploy {total} counters in that step",
                cost(c)
            ),
        },
        Ability::EvenUpHand { size } => {
            format!("Your Even Up step evens your hand up to {size} cards")
        }
        Ability::Destiny { rule, half: h } => format!(
            "{}{}",
            half(h),
            match rule {
                DestinyRule::RedrawOncePerTurn =>
                    "Once per turn he may discard a destiny card he drew and draw again",
                DestinyRule::DrawTwoKeepOne =>
                    "For each destiny draw for his weapon or battle card he draws two and uses one",
                DestinyRule::ReplaceWithDamage =>
                    "You may replace one of your destiny numbers in this fight with the character's damage",
                DestinyRule::SwitchLowerWithHigher =>
                    "Switches one of your lower destiny numbers with a higher one of the opponent's in this fight",
                DestinyRule::AddDestinyDifference =>
                    "If the character's printed destiny is lower than the opponent's, it gets the difference as power",
            }
        ),
        Ability::FightResultDamage { win, lose } => format!(
            "If this fight is won the opponent takes {win} more damage; if it is lost you take {lose} more"
        ),
        Ability::NoBreakthroughLoss { when, half: h } => format!(
            "{}You lose no cards from breakthrough this battle{}",
            half(h),
            conditions(when)
        ),
        Ability::Duel {
            on_hit,
            when,
            optional,
            effect: e,
            half: h,
        } => format!(
            "{}In a duel{}{}: {}{}",
            half(h),
            if *on_hit {
                ", when it scores a hit"
            } else {
                ""
            },
            conditions(when),
            if *optional { "you may " } else { "" },
            e.iter().map(duel_effect).collect::<Vec<_>>().join(", ")
        ),
        Ability::Restriction { rule, half: h } => format!(
            "{}{}",
            half(h),
            match rule {
                Restriction::NoWeapons(f) =>
                    format!("{} may not use weapons here", describe_any(f)),
                Restriction::NoBattleCards => "He may not use battle cards".into(),
                Restriction::NoWeaponCard => "They may not use a Weapon card".into(),
                Restriction::NotDefendedInDuel =>
                    "No other character may defend a duel for him".into(),
                Restriction::MayNotPassInDuel => "He may not pass in a duel".into(),
            }
        ),
        Ability::CountsAs { filters } => {
            // He is every one of them at once ("a ◆ Naboo Officer, ◆ Royal Guard, and ◆ Naboo
            // Security"), so "and", where `describe_any` says "or".
            let each: Vec<String> = filters.iter().map(|f| a_or_an(&f.describe())).collect();
            let all = match each.as_slice() {
                [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
                _ => each.concat(),
            };
            format!("Counts as {all} for all your cards (use lines and texts)")
        }
        Ability::MayUse { weapons } => format!("May use any {}", describe_any(weapons)),
        Ability::ExtraHandling { number } => format!(
            "Your Podracer pilot on your Boonta Eve Classic may also use {number} as a handling number"
        ),
        Ability::OneOff { summary } => summary.clone(),
    }
}

/// One or two plain sentences for the whole text.
pub fn describe(text: &CardText) -> String {
    text.abilities
        .iter()
        .map(|a| format!("{}.", describe_ability(a)))
        .collect::<Vec<_>>()
        .join(" ")
}
