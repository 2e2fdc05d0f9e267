//! The Effect halves of Double Impact cards beyond their modifiers (card-text 16.1: "a half
//! that is an Effect is deployed as that Effect ... and stays in play"): each acts while the
//! card is deployed as that Effect, never while it is in hand or used as its battle half.
//! The templates' probes over every real card (battle_texts, deploy_texts) run these halves
//! too; these scenarios show each card's other half and other places.

use super::*;
use crate::catalogue::Planet;

const NABOO: Zone = Zone::At(Planet::Naboo, true);

fn weapon_used(ev: &[Event], side: Player) -> Option<bool> {
    ev.iter().find_map(|e| match e {
        Event::Fight {
            attacker, defender, ..
        } => Some(if side == A { attacker } else { defender }.weapon.is_some()),
        _ => None,
    })
}

/// Where RF-DI3 is in a probe: deployed as its Effect, used as its battle half, in hand.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Di {
    Effect,
    BattleHalf,
    Hand,
}

#[test]
fn gungan_energy_shield_half_stops_tanks_weapons_only_deployed_as_the_effect() {
    // RF-DI3 Gunga City & Gungan Energy Shield, right half: "Trade Federation Tanks may not
    // use weapons" (card-text 16.10). A's Boss Nass attacks B's tank armed with its laser
    // cannon: with the Effect half deployed at the planet the cannon is ignored; with the
    // card used as its left battle half (for Boss Nass) or held in hand, the tank uses it.
    for at in [Di::Effect, Di::BattleHalf, Di::Hand] {
        let mut b = at_naboo();
        b.deck_filler(A, 1, 12);
        b.deck_filler(B, 1, 12);
        let nass = b.add(A, real("BN-12"), NABOO);
        let di = b.add(
            A,
            real("RF-DI3"),
            if at == Di::Effect { NABOO } else { Zone::Hand },
        );
        let tank = b.add(B, real("BN-81"), NABOO);
        let cannon = b.add(B, real("BN-112"), NABOO);
        let mut g = b.build();
        let ev = if at == Di::BattleHalf {
            battle(&mut g, [&[di], &[]], [&[di, nass], &[cannon, tank]])
        } else {
            battle(&mut g, [&[], &[]], [&[nass], &[cannon, tank]])
        };
        assert_eq!(weapon_used(&ev, B), Some(at != Di::Effect), "{at:?}");
        if at == Di::BattleHalf {
            assert!(g.player(A).discard.contains(&di), "used and discarded");
        }
    }
}

#[test]
fn deck_search_halves_search_only_deployed_as_the_effect() {
    // RF-DI5 (The Duel Begins: "When Darth Maul or Darth Sidious deploys, you may discard this
    // Effect from play to deploy a lightsaber from your draw deck") and RF-DI12 (Jedi
    // Training: the same for any Jedi), card-text 14-A: deployed as the Effect, the deploy of
    // the named character asks to search; the Effect is discarded to pay, the lightsaber is
    // deployed (its counters paid) and the deck reshuffled. Held in hand, nothing is asked.
    for (di, who, saber) in [("RF-DI5", "DM-72", "BN-110"), ("RF-DI12", "DM-1", "DM-35")] {
        for in_play in [true, false] {
            let mut b = Builder::new();
            b.current(Planet::Naboo, 0);
            b.phase(Phase::Deploy, A);
            let me = b.add(A, real(di), if in_play { NABOO } else { Zone::Hand });
            let c = b.add(A, real(who), Zone::Hand);
            let s = b.add(A, real(saber), Zone::Deck);
            b.deck_filler(A, 1, 6);
            b.deck_filler(B, 1, 6);
            let mut g = b.build();
            g.apply(Action::Deploy(c)).unwrap();
            let asked = matches!(g.pending(), Some(Pending::Prompt { source, .. }) if source == me);
            assert_eq!(asked, in_play, "{di} in play {in_play}");
            if !in_play {
                continue;
            }
            assert_eq!(legal(&g), vec![Action::SearchDeck, Action::Decline], "{di}");
            g.apply(Action::SearchDeck).unwrap();
            assert!(g.player(A).discard.contains(&me), "{di}: discarded to pay");
            assert!(
                legal(&g).contains(&Action::ChooseCard(s)),
                "{di}: finds the saber"
            );
            let spent = g.ts.spent;
            let ev = g.apply(Action::ChooseCard(s)).unwrap();
            assert!(ev.contains(&Event::Shuffled(A)), "{di}: reshuffled");
            assert!(
                g.at(Planet::Naboo, A).iter().any(|x| x.card == s),
                "{di}: the saber is deployed"
            );
            assert_eq!(
                g.ts.spent - spent,
                g.def(s).counters.unwrap() as i16,
                "{di}: a normal deploy"
            );
            g.check_zones().unwrap();
        }
    }
}

#[test]
fn blockade_half_acts_in_the_even_up_step_only_deployed_as_the_effect() {
    // RF-DI7 Starfighter Screen & Blockade, right half: "During your Even Up step, you may
    // discard this Effect from play to discard one opponent's ◆ card on this planet"
    // (card-text 12, 16.3: the Blockade player chooses). Deployed as the Effect it is
    // offered and discards the chosen card; in hand it is not offered.
    for in_play in [true, false] {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::EvenUp, A);
        b.deck_filler(A, 2, 6);
        b.deck_filler(B, 2, 6);
        let me = b.add(A, real("RF-DI7"), if in_play { NABOO } else { Zone::Hand });
        let target = b.add(B, fx::diamond(fx::character("Target", "", 3, 1, 1)), NABOO);
        let mut g = b.build();
        let use_it = Action::UseAbility {
            card: me,
            option: 1,
        };
        assert_eq!(legal(&g).contains(&use_it), in_play, "in play {in_play}");
        if !in_play {
            continue;
        }
        g.apply(use_it).unwrap();
        assert_eq!(legal(&g), vec![Action::ChooseCard(target)]);
        g.apply(Action::ChooseCard(target)).unwrap();
        assert!(g.player(B).discard.contains(&target));
        assert!(g.player(A).discard.contains(&me));
        g.check_zones().unwrap();
    }
}

#[test]
fn droidekas_half_makes_multi_troop_transports_free_only_deployed_as_the_effect() {
    // RF-DI11 We Have Them On The Run & Where Are Those Droidekas?, right half: "Multi Troop
    // Transports deploy for free" (card-text 16.11). With the Effect half at the planet the
    // Multi Troop Transport weapon costs 0; with the card in hand it costs its printed 2.
    for in_play in [true, false] {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::Deploy, A);
        b.deck_filler(A, 1, 6);
        b.deck_filler(B, 1, 6);
        b.add(A, real("RF-DI11"), if in_play { NABOO } else { Zone::Hand });
        let mtt = b.add(A, real("BN-113"), Zone::Hand);
        let g = b.build();
        let printed = g.def(mtt).counters.unwrap() as i16;
        assert_eq!(printed, 2);
        assert_eq!(
            g.cost(mtt),
            Some(if in_play { 0 } else { printed }),
            "in play {in_play}"
        );
    }
}
