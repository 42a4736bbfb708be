//! Events in words a player reads in the combat log, using the family's action names.

use crate::rules::{GameEvent, Modifier};
use crate::ruleset::Ruleset;

/// " +4 (Blaster attack bonus) +2 (fighting defensively, dodge)"; a modifier the stacking
/// rules leave out (§21) says so.
fn modifiers(mods: &[Modifier]) -> String {
    mods.iter()
        .map(|m| {
            let kind = match m.kind.is_untyped() {
                true => String::new(),
                false => format!(", {}", m.kind.name()),
            };
            let counted = if m.counts() {
                ""
            } else {
                "; does not stack, not counted"
            };
            format!(" {:+} ({}{kind}{counted})", m.value, m.source)
        })
        .collect()
}

/// One line describing `event`.
pub fn narrate(event: &GameEvent, rules: &Ruleset) -> String {
    let name = |k| rules.actions.name_of(k).to_string();
    match event {
        GameEvent::CombatStarted {
            ruleset,
            surprise_round,
            aware,
            surprised,
        } => {
            let ids = |v: &[crate::rules::UnitId]| v.iter().map(|u| u.0.as_str()).collect::<Vec<_>>().join(", ");
            match surprise_round {
                true => format!(
                    "Combat begins ({ruleset}) with a surprise round: aware {}; surprised {}",
                    ids(aware),
                    ids(surprised)
                ),
                false => format!("Combat begins ({ruleset}); no surprise round"),
            }
        }
        GameEvent::StartedFlatFooted { unit } => format!("{unit} is flat-footed until it acts"),
        GameEvent::InitiativeRolled {
            unit,
            roll,
            modifiers: mods,
            total,
        } => {
            format!(
                "{unit} rolls initiative: d{} {}{} = {total}",
                roll.sides,
                roll.result,
                modifiers(mods)
            )
        }
        GameEvent::InitiativeRollOff { units, rolls } => {
            let parts: Vec<String> = units
                .iter()
                .zip(rolls)
                .map(|(u, r)| format!("{u} d{} {}", r.sides, r.result))
                .collect();
            format!("Initiative tie, roll-off: {}", parts.join(", "))
        }
        GameEvent::InitiativeOrder { order } => {
            let parts: Vec<String> = order.iter().map(|o| format!("{} ({})", o.unit, o.count)).collect();
            format!("Initiative order: {}", parts.join(", "))
        }
        GameEvent::UnitJoined { unit, round } => format!("{unit} joins the battle in round {round}"),
        GameEvent::RoundStarted { round: 0, .. } => "Surprise round".to_string(),
        GameEvent::RoundStarted { round, .. } => format!("Round {round}"),
        GameEvent::TurnStarted { unit, count, .. } => format!("{unit}'s turn (initiative {count})"),
        GameEvent::ActionTaken {
            unit,
            kind,
            slot,
            description,
        } => {
            let paid = if kind == slot {
                String::new()
            } else {
                format!(" (using its {})", name(*slot))
            };
            format!("{unit} takes a {}{paid}: {description}", name(*kind))
        }
        GameEvent::FlatFootedEnded { unit } => format!("{unit} is no longer flat-footed"),
        GameEvent::TurnEnded { unit } => format!("{unit} ends its turn"),
        GameEvent::Delayed { unit, count } => format!("{unit} delays (was initiative {count})"),
        GameEvent::DelayWindowOpened { after, delaying } => {
            let ids: Vec<&str> = delaying.iter().map(|u| u.0.as_str()).collect();
            format!("After {after}'s turn, delaying units may act now: {}", ids.join(", "))
        }
        GameEvent::DelayEnded { unit, new_count } => {
            format!("{unit} stops delaying; its initiative is now {new_count}")
        }
        GameEvent::DelayedToEnd { unit, new_count } => {
            format!("{unit} delayed all round and goes to the end of the order (initiative {new_count})")
        }
        GameEvent::DelayWindowClosed => "The delaying units keep waiting".to_string(),
        GameEvent::ActionReadied { unit, action, trigger } => format!("{unit} readies a {}: {trigger}", name(*action)),
        GameEvent::ReadiedActionFired {
            unit,
            action,
            before,
            new_count,
        } => {
            format!(
                "{unit}'s readied {} goes off before {before}; its initiative is now {new_count}",
                name(*action)
            )
        }
        GameEvent::ReadiedActionDone { unit, resumes } => {
            format!("{unit} is done with its readied action; {resumes}'s turn goes on")
        }
        GameEvent::ReadiedActionLost { unit } => format!("{unit}'s readied action is lost (its turn came first)"),
        GameEvent::EffectStarted {
            name: effect,
            target,
            rounds,
            count,
            defense,
            defense_type,
            attack,
            no_attacks,
            damage,
            ..
        } => {
            let mut terms = Vec::new();
            if *defense != 0 {
                let kind = match defense_type.is_untyped() {
                    true => String::new(),
                    false => format!(" {}", defense_type.name()),
                };
                terms.push(format!("{defense:+}{kind} to its defense"));
            }
            if *attack != 0 {
                terms.push(format!("{attack:+} on its attack rolls"));
            }
            if *no_attacks {
                terms.push("no attacks at all, not even attacks of opportunity".to_string());
            }
            if let Some(d) = damage {
                terms.push(format!("{d} damage at the start of each of its turns"));
            }
            let terms = match terms.is_empty() {
                true => String::new(),
                false => format!(" ({})", terms.join("; ")),
            };
            format!("{effect} on {target}{terms} for {rounds} round(s), from initiative {count}")
        }
        GameEvent::EffectEnded {
            name: effect, target, ..
        } => format!("{effect} on {target} ends"),
        GameEvent::SupportResolved {
            unit,
            kind,
            target,
            ally,
            roll,
        } => format!(
            "{unit}: {} ({target}{}) with {}: d20 {}{} = {} vs {}: {}",
            kind.name(),
            ally.as_ref().map(|a| format!(", for {a}")).unwrap_or_default(),
            roll.weapon,
            roll.roll.result,
            modifiers(&roll.modifiers),
            roll.total,
            roll.defense,
            if roll.hit { "hit" } else { "miss" }
        ),
        GameEvent::MoveStarted {
            unit,
            mode,
            from,
            path,
            cost_ft,
        } => {
            let to = path.last().copied().unwrap_or(*from);
            format!(
                "{unit} moves ({}) from {from} to {to}: {} squares, {cost_ft} ft",
                mode_name(*mode),
                path.len()
            )
        }
        GameEvent::UnitStepped { unit, to, cost_ft, .. } => format!("{unit} steps to {to} ({cost_ft} ft)"),
        GameEvent::FlightLeg {
            unit,
            to,
            elevation,
            cost_ft,
            turns,
            ..
        } => {
            let turned = if *turns > 0 {
                format!(", turning {}°", turns * 45)
            } else {
                String::new()
            };
            format!("{unit} flies to {to} at {elevation} squares up ({cost_ft} ft{turned})")
        }
        GameEvent::MoveEnded {
            unit,
            at,
            moved_ft,
            stopped,
        } => match stopped {
            Some(why) => format!("{unit} stops at {at} after {moved_ft} ft: {why}"),
            None => format!("{unit} ends its move at {at} ({moved_ft} ft)"),
        },
        GameEvent::AttackOfOpportunity {
            reactor,
            target,
            square_left,
            trigger,
        } => {
            format!("{target} provokes an attack of opportunity from {reactor} ({trigger} {square_left})")
        }
        GameEvent::AooDeclined {
            reactor,
            target,
            square_left,
            trigger,
            reason,
        } => format!(
            "{reactor} passes up the attack of opportunity {target} provokes ({trigger} {square_left}): {reason}"
        ),
        GameEvent::ReactionsSet { unit, mode } => {
            format!("{unit} now takes attacks of opportunity: {}", mode.label())
        }
        GameEvent::AttackResolved {
            attacker,
            target,
            attack,
            ..
        } => {
            let outcome = match (attack.hit, attack.critical) {
                (true, true) => "critical hit",
                (true, false) => "hit",
                _ => "miss",
            };
            let defense = &attack.defense;
            let damage = attack
                .damage
                .as_ref()
                .map(|d| {
                    let dice: Vec<String> = d.dice.iter().map(|r| r.result.to_string()).collect();
                    let shields = d
                        .shield
                        .map(|s| format!(", shields stop {} (SR {} → {})", s.absorbed, s.rating, s.now))
                        .unwrap_or_default();
                    format!(
                        ", damage [{}]{:+} = {}{}{shields}",
                        dice.join(" "),
                        d.bonus,
                        d.total,
                        if d.lethal { "" } else { " nonlethal" }
                    )
                })
                .unwrap_or_default();
            format!(
                "{attacker} attacks {target} with {}: d20 {}{} = {} vs {} {}: {outcome}{damage}",
                attack.weapon,
                attack.roll.result,
                modifiers(&attack.modifiers),
                attack.total,
                defense.name,
                defense.value
            )
        }
        GameEvent::AreaResolved {
            attacker,
            weapon,
            context,
            area,
        } => narrate_area(attacker, weapon, context, area),
        GameEvent::DamageTaken { unit, amount, .. } => format!("{unit} takes {amount} damage"),
        GameEvent::DamageIgnored { unit, reason } => format!("{unit} is unharmed: {reason}"),
        GameEvent::LifeStateChanged { unit, to, .. } => format!("{unit} is now {}", format!("{to:?}").to_lowercase()),
        GameEvent::UnitDisplaced { unit, to, .. } => {
            format!("{unit} cannot stay there and ends in {to}, the last square it could stop in (MOV-12)")
        }
        GameEvent::ResolveSpent {
            unit,
            amount,
            rp,
            reason,
        } => {
            format!("{unit} spends {amount} Resolve ({reason}); {rp} left")
        }
        GameEvent::DyingGraceUsed { unit } => format!("{unit} dropped on its own turn and loses no Resolve yet"),
        GameEvent::Healed { unit, amount, .. } => format!("{unit} regains {amount} HP"),
        GameEvent::SecondWindCaught { unit } => format!("{unit} catches a second wind"),
        GameEvent::RecoverProgressed {
            unit,
            swift_actions,
            needed,
            ..
        } => format!("{unit} works to recover ({swift_actions} of {needed} swift actions)"),
        GameEvent::TrackImproved { unit, steps, .. } => {
            format!("{unit} moves {steps} step(s) up the condition track")
        }
        GameEvent::ActionsForfeited { unit, reason } => format!("{unit} can take no more actions: {reason}"),
        GameEvent::AbilityDamaged {
            unit,
            source,
            ability,
            amount,
            total,
            score,
            penalty,
        } => {
            let name = ability.name();
            let of = if total >= score {
                "equal to its score".to_string()
            } else {
                format!("score {score}")
            };
            format!(
                "{unit} takes {amount} {name} damage from {source} ({total} in all, {of}): {penalty:+} to its {name} \
                 modifier for {}",
                crate::rules::ability::affects(*ability)
            )
        }
        GameEvent::StaminaDrained {
            unit,
            sp_lost,
            sp_max_lost,
            reason,
            ..
        } => format!("{unit} loses {sp_lost} SP and {sp_max_lost} maximum SP ({reason})"),
        GameEvent::BleedDamage {
            unit,
            source,
            damage,
            bleeds,
            dice,
            bonus,
            total,
        } => {
            let dice: Vec<String> = dice.iter().map(|r| r.result.to_string()).collect();
            let worst = if *bleeds > 1 {
                format!(", the worst of {bleeds} bleeds")
            } else {
                String::new()
            };
            format!(
                "{unit} bleeds ({source}: {damage}{worst}): [{}]{bonus:+} = {total}",
                dice.join(" ")
            )
        }
        GameEvent::BleedingStopped { unit, reason, .. } => format!("{unit} stops bleeding ({reason})"),
        GameEvent::ConditionChanged {
            unit,
            condition,
            gained: true,
        } => format!("{unit} is now {condition:?}"),
        GameEvent::ConditionChanged {
            unit,
            condition,
            gained: false,
        } => format!("{unit} is no longer {condition:?}"),
        GameEvent::ManeuverResolved {
            unit,
            target,
            maneuver,
            roll,
        } => {
            let mut text = format!(
                "{unit}: {} {target} with {}: d20 {}{} = {} vs {} {}",
                crate::rules::maneuver::kind_name(*maneuver),
                roll.weapon,
                roll.roll.result,
                modifiers(&roll.modifiers),
                roll.total,
                roll.defense.name,
                roll.defense.value
            );
            if !roll.defense.modifiers.is_empty() {
                text += &format!(" (incl.{})", modifiers(&roll.defense.modifiers));
            }
            if let Some((pct, d)) = &roll.miss_chance {
                text += &format!(", miss chance {pct}%: d% {}", d.result);
            }
            if let Some(opposed) = &roll.opposed {
                let (a, b) = (&opposed.0, &opposed.1);
                text += &format!(
                    "; grapple checks: {} d20 {}{} = {} vs {} d20 {}{} = {}",
                    a.unit,
                    a.roll.result,
                    modifiers(&a.modifiers),
                    a.total,
                    b.unit,
                    b.roll.result,
                    modifiers(&b.modifiers),
                    b.total
                );
            }
            text + if roll.success { ": success" } else { ": failure" }
        }
        GameEvent::ForcedMove {
            unit,
            by,
            path,
            elevation,
            moved_ft,
            stopped,
        } => {
            let place = match (path.last(), elevation) {
                (_, Some(0)) => "to the ground".to_string(),
                (_, Some(h)) => format!("down to {h} squares up"),
                (Some(at), None) => format!("to {at}"),
                (None, None) => "nowhere".to_string(),
            };
            let why = stopped.as_ref().map(|s| format!(" (stopped: {s})")).unwrap_or_default();
            format!("{by} moves {unit} {place}, {moved_ft} ft{why}")
        }
        GameEvent::WeaponDropped {
            unit,
            weapon,
            at,
            taken_by,
        } => match taken_by {
            Some(taker) => format!("{unit} loses its {}: {taker} takes it", weapon.name),
            None => format!("{unit} drops its {} at {at}", weapon.name),
        },
        GameEvent::ItemPickedUp { unit, weapon, at } => format!("{unit} picks up the {weapon} at {at}"),
        GameEvent::ChasePilotAction { .. }
        | GameEvent::ChasePilotTurnEnded { .. }
        | GameEvent::ChaseProgressed { .. }
        | GameEvent::ChaseCollision { .. }
        | GameEvent::ChaseBoarding { .. }
        | GameEvent::VehicleEscaped { .. }
        | GameEvent::ChaseBegan { .. }
        | GameEvent::VehicleLeftMap { .. }
        | GameEvent::VehicleReturned { .. } => crate::rules::chase::narrate_chase(event),
        GameEvent::SpellCast { unit, spell, uses_left } => format!("{unit} casts {spell}{}", uses_text(*uses_left)),
        GameEvent::VehicleStarted { .. }
        | GameEvent::VehicleCheck { .. }
        | GameEvent::RaceMishap { .. }
        | GameEvent::VehicleMoved { .. }
        | GameEvent::VehicleStopped { .. }
        | GameEvent::VehicleControl { .. }
        | GameEvent::AutocontrolSet { .. }
        | GameEvent::AutopilotSet { .. }
        | GameEvent::AutopilotDestinationSet { .. }
        | GameEvent::AutopilotIdle { .. }
        | GameEvent::VehicleCollision { .. }
        | GameEvent::RiderBoarded { .. }
        | GameEvent::RiderDisembarked { .. }
        | GameEvent::RaceFollowUpDue { .. }
        | GameEvent::VehicleSlotTaken { .. }
        | GameEvent::VehicleSlotEnded { .. }
        | GameEvent::AutocontrolCheck { .. }
        | GameEvent::RaceHazard { .. } => crate::rules::vehicle::narrate_vehicle_event(event, modifiers),
        GameEvent::SpellLost {
            unit,
            spell,
            by,
            uses_left,
        } => format!(
            "{by}'s attack of opportunity breaks {unit}'s concentration: {spell} fails and is lost{}",
            uses_text(*uses_left)
        ),
    }
}

fn uses_text(uses_left: Option<u32>) -> String {
    match uses_left {
        None => String::new(),
        Some(1) => " (1 use left)".into(),
        Some(n) => format!(" ({n} uses left)"),
    }
}

fn mode_name(mode: crate::rules::MoveMode) -> &'static str {
    match mode {
        crate::rules::MoveMode::Move => "move",
        crate::rules::MoveMode::Double => "double move",
        crate::rules::MoveMode::Run => "run",
        crate::rules::MoveMode::Withdraw => "withdraw",
        crate::rules::MoveMode::GuardedStep => "guarded step",
        crate::rules::MoveMode::Crawl => "crawl",
        crate::rules::MoveMode::Minimum => "minimum movement",
        crate::rules::MoveMode::Charge => "charge",
        crate::rules::MoveMode::Squeeze => "squeeze",
    }
}

/// One line for an area attack: placement, scatter, the roll, the damage, each unit caught.
fn narrate_area(
    attacker: &crate::rules::UnitId,
    weapon: &str,
    context: &str,
    area: &crate::rules::area::AreaOutcome,
) -> String {
    use crate::rules::area::AreaOf;
    let share = |s: crate::ruleset::DamageShare| match s {
        crate::ruleset::DamageShare::Full => "full",
        crate::ruleset::DamageShare::Half => "half",
        crate::ruleset::DamageShare::NoDamage => "no",
    };
    let mut text = format!("{attacker}: {context} with {weapon}");
    if let Some(p) = &area.placement {
        text += &format!(
            "; aimed at ({}, {}): d20 {}{} = {} vs AC {}, {}",
            p.aimed_at.i,
            p.aimed_at.j,
            p.roll.result,
            modifiers(&p.modifiers),
            p.total,
            p.ac,
            if p.hit { "on target" } else { "miss" }
        );
    }
    if let Some(s) = &area.scatter {
        text += &format!(
            "; scatters d{} {} → {:?}, d{} {} squares, lands at ({}, {})",
            s.direction.sides,
            s.direction.result,
            s.toward,
            s.distance.sides,
            s.distance.result,
            s.landed.i,
            s.landed.j
        );
    }
    text += &match &area.area {
        AreaOf::Template {
            shape,
            direction,
            radius_squares,
            origin,
            shaped,
        } => format!(
            "; {}{:?}{} of {} squares at ({}, {}) fills {} squares",
            if *shaped { "shaped " } else { "" },
            shape,
            direction.map(|d| format!(" {d:?}")).unwrap_or_default(),
            radius_squares,
            origin.i,
            origin.j,
            area.squares.len()
        )
        .to_lowercase(),
        AreaOf::Autofire { at, braced } => {
            format!("; the 2×2 area at {at}{}", if *braced { ", braced" } else { "" })
        }
        AreaOf::Splash { primary } => format!("; splashing around {primary}"),
    };
    if let Some(a) = &area.attack {
        text += &format!("; d20 {}{} = {}", a.roll.result, modifiers(&a.modifiers), a.total);
        if !a.affects {
            text += &format!(", below {} or a natural 1: no effect", a.min_total);
        }
    }
    if let Some(d) = &area.damage {
        let dice: Vec<String> = d.dice.iter().map(|r| r.result.to_string()).collect();
        text += &format!("; damage [{}]{:+} = {}", dice.join(" "), d.bonus, d.total);
    }
    if area.targets.is_empty() {
        text += "; no one caught";
    }
    for t in &area.targets {
        text += &format!("; {}", t.unit);
        if let Some(s) = &t.save {
            text += &format!(
                ": Reflex d20 {}{} = {} vs DC {}, {}",
                s.roll.result,
                modifiers(&s.modifiers),
                s.total,
                s.dc,
                if s.success { "saved" } else { "failed" }
            );
        }
        if let (Some(d), Some(hit)) = (&t.defense, t.hit) {
            text += &format!(": {} {}", d.name, d.value);
            if !d.modifiers.is_empty() {
                text += &format!(" (incl.{})", modifiers(&d.modifiers));
            }
            text += if hit { ", hit" } else { ", missed" };
        }
        if t.evasion {
            text += ", evasion";
        }
        text += &format!(", {} damage: {}", share(t.share), t.amount);
        if t.dealt != t.amount {
            text += &format!(" ({} gets through)", t.dealt);
        }
    }
    text
}
