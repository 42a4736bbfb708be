//! Unit choices for the "place unit" tool: the templates usable in a rule family, a plain
//! custom unit with the family's required stats, and fresh unit ids.

use crate::grid::Square;
use crate::rules::{DamageType, Speeds, WeaponKind};
use crate::ruleset::Family;
use crate::scenario::format::{Control, DefensesDef, HealthDef, MapDef, ScenarioFile, SideDef, UnitDef, WeaponDef};
use crate::scenario::{Templates, spans::Seg, validate};
use std::collections::BTreeMap;

/// A template the tool offers: `name` goes in `template:`, `display` is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateChoice {
    pub name: String,
    pub display: String,
}

/// The templates (found by `templates`, then shipped) that validate as a unit in `ruleset`:
/// each is tried as the only unit of a small open map.
pub fn unit_templates(ruleset: &str, templates: &Templates) -> Vec<TemplateChoice> {
    let mut out = Vec::new();
    for name in templates.names() {
        let Ok(def) = templates.get(&name) else {
            continue;
        };
        let probe = probe_scenario(
            ruleset,
            UnitDef {
                id: Some("probe".into()),
                template: Some(name.clone()),
                side: Some("probe".into()),
                at: Some(Square::new(0, 0)),
                ..UnitDef::default()
            },
        );
        let unit_ok = match validate(&probe, templates) {
            Ok(_) => true,
            Err(problems) => !problems.iter().any(|p| {
                p.path.first() == Some(&Seg::Field("units".into()))
                    || p.path.first() == Some(&Seg::Field("ruleset".into()))
            }),
        };
        if unit_ok {
            let display = match def.name {
                Some(shown) if shown.to_lowercase().replace(' ', "_") == name => shown,
                Some(shown) => format!("{shown} ({name})"),
                None => name.clone(),
            };
            out.push(TemplateChoice { name, display });
        }
    }
    out
}

/// A one-side scenario on an open 16×16 map holding only `unit`.
fn probe_scenario(ruleset: &str, unit: UnitDef) -> ScenarioFile {
    let mut legend = BTreeMap::new();
    legend.insert('.', super::map_edit::floor());
    ScenarioFile {
        version: 1,
        name: "probe".into(),
        description: String::new(),
        ruleset: ruleset.to_string(),
        seed: None,
        gravity: Default::default(),
        map: MapDef {
            rows: Vec::new(),
            size: Some((16, 16)),
            fill: Some('.'),
            legend,
            edges: Vec::new(),
        },
        sides: vec![SideDef {
            id: "probe".into(),
            name: "Probe".into(),
            control: Control::Human,
            colour: "#808080".into(),
            ai: None,
        }],
        units: vec![unit],
        zones: Vec::new(),
        objectives: Vec::new(),
        hidden_information: false,
        chase: None,
    }
}

/// A valid inline unit for `ruleset` with plain stats: speed 30 ft, a club, defenses of 10
/// in the family's defense model and 10 hit points (the custom-unit form edits them).
pub fn custom_unit(ruleset: &str, id: &str, side: &str, at: Square) -> UnitDef {
    let family = Family::from_id(ruleset);
    let defenses = match family {
        Some(Family::Starfinder) => DefensesDef {
            eac: Some(10),
            kac: Some(10),
            ..Default::default()
        },
        Some(Family::D20Srd) => DefensesDef {
            ac: Some(10),
            ..Default::default()
        },
        Some(Family::D20Modern) => DefensesDef {
            defense: Some(10),
            ..Default::default()
        },
        Some(Family::Saga) => DefensesDef {
            reflex: Some(10),
            fortitude: Some(10),
            will: Some(10),
            ..Default::default()
        },
        None => DefensesDef::default(),
    };
    UnitDef {
        id: Some(id.to_string()),
        side: Some(side.to_string()),
        at: Some(at),
        speed: Some(Speeds {
            land: 30,
            fly: None,
            climb: None,
            swim: None,
            burrow: None,
        }),
        weapons: Some(vec![WeaponDef {
            name: "Club".into(),
            kind: WeaponKind::Melee,
            attack: 0,
            damage: "1d6".into(),
            damage_types: vec![DamageType::Bludgeoning],
            reach: None,
            reach_weapon: false,
            range_increment: None,
            range_bands: None,
            threatens: None,
            hands: None,
            light: false,
            double: false,
            area: None,
            save_dc: None,
            autofire: false,
            autofire_only: false,
            splash: false,
            pilot_operable: false,
        }]),
        defenses: Some(defenses),
        health: Some(HealthDef {
            hp: Some(10),
            ..Default::default()
        }),
        ..UnitDef::default()
    }
}

/// `base` if no unit has that id, else `base_2`, `base_3`, … (an empty base is `unit`).
pub fn next_unit_id(file: &ScenarioFile, base: &str) -> String {
    let base = match base.trim() {
        "" => "unit",
        b => b,
    };
    let taken = |id: &str| file.units.iter().any(|u| u.id.as_deref() == Some(id));
    if !taken(base) {
        return base.to_string();
    }
    (2u64..)
        .map(|n| format!("{base}_{n}"))
        .find(|id| !taken(id))
        .unwrap_or_else(|| base.to_string())
}
