//! The laptop's battery during a game: read from the kernel's power-supply folder
//! (`/sys/class/power_supply/*/`: `type` "Battery", `capacity` in percent, `status`
//! "Discharging"), and the warnings it calls for ([`BatteryWatch`], pure): at 20 % and at
//! 10 % while it discharges, each once, and again after it was charged.
use std::path::Path;

/// The kernel's power-supply folder.
pub const POWER_SUPPLY_DIR: &str = "/sys/class/power_supply";

/// The levels, in percent, at which the player is warned.
pub const WARN_AT: [u8; 2] = [20, 10];

/// The batteries' state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatteryReading {
    /// Charge in percent (the mean of the batteries).
    pub capacity: u8,
    /// Whether it runs on the battery (any battery discharging).
    pub discharging: bool,
}

/// The batteries in a power-supply folder; `None` when there is none (a desktop, or the
/// folder is missing).
pub fn read(dir: &Path) -> Option<BatteryReading> {
    let mut capacities = Vec::new();
    let mut discharging = false;
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        let field = |name: &str| {
            std::fs::read_to_string(path.join(name))
                .ok()
                .map(|s| s.trim().to_string())
        };
        if field("type").as_deref() != Some("Battery") {
            continue;
        }
        let Some(capacity) = field("capacity").and_then(|c| c.parse::<u8>().ok()) else {
            continue;
        };
        capacities.push(u32::from(capacity.min(100)));
        discharging |= field("status").as_deref() == Some("Discharging");
    }
    let count = u32::try_from(capacities.len()).ok().filter(|n| *n > 0)?;
    let mean = capacities.iter().sum::<u32>() / count;
    Some(BatteryReading {
        capacity: u8::try_from(mean).unwrap_or(100),
        discharging,
    })
}

/// Which warnings have been given since the battery was last charged.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BatteryWatch {
    warned: Vec<u8>,
}

impl BatteryWatch {
    /// A reading: the level to warn about now (the lowest of [`WARN_AT`] reached and not yet
    /// warned about), if any. Charging forgets the warnings given.
    pub fn observe(&mut self, reading: BatteryReading) -> Option<u8> {
        if !reading.discharging {
            self.warned.clear();
            return None;
        }
        let reached: Vec<u8> = WARN_AT
            .into_iter()
            .filter(|level| reading.capacity <= *level)
            .collect();
        let new = reached
            .iter()
            .copied()
            .filter(|l| !self.warned.contains(l))
            .min()?;
        // The higher levels passed on the way are not warned about later.
        self.warned.extend(reached);
        Some(new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on_battery(capacity: u8) -> BatteryReading {
        BatteryReading {
            capacity,
            discharging: true,
        }
    }

    #[test]
    fn warnings_come_once_each_while_discharging_and_again_after_charging() {
        let mut watch = BatteryWatch::default();
        let charging = BatteryReading {
            capacity: 15,
            discharging: false,
        };
        let seen: Vec<Option<u8>> = [
            on_battery(50),
            on_battery(21),
            on_battery(20),
            on_battery(19),
            on_battery(11),
            on_battery(10),
            on_battery(4),
            charging,
            on_battery(15),
            on_battery(9),
        ]
        .into_iter()
        .map(|r| watch.observe(r))
        .collect();
        assert_eq!(
            seen,
            [
                None,
                None,
                Some(20),
                None,
                None,
                Some(10),
                None,
                None,
                Some(20),
                Some(10)
            ]
        );
    }

    #[test]
    fn a_game_begun_low_warns_once_for_the_lowest_level() {
        let mut watch = BatteryWatch::default();
        assert_eq!(watch.observe(on_battery(8)), Some(10));
        assert_eq!(watch.observe(on_battery(7)), None);
    }

    fn write(dir: &Path, name: &str, fields: &[(&str, &str)]) {
        let supply = dir.join(name);
        std::fs::create_dir_all(&supply).expect("mkdir");
        for (field, value) in fields {
            std::fs::write(supply.join(field), format!("{value}\n")).expect("write");
        }
    }

    #[test]
    fn batteries_are_read_from_a_power_supply_folder() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert_eq!(read(dir.path()), None);
        write(dir.path(), "AC", &[("type", "Mains"), ("online", "0")]);
        assert_eq!(read(dir.path()), None);
        write(
            dir.path(),
            "BAT0",
            &[
                ("type", "Battery"),
                ("capacity", "30"),
                ("status", "Discharging"),
            ],
        );
        write(
            dir.path(),
            "BAT1",
            &[
                ("type", "Battery"),
                ("capacity", "10"),
                ("status", "Unknown"),
            ],
        );
        assert_eq!(
            read(dir.path()),
            Some(BatteryReading {
                capacity: 20,
                discharging: true
            })
        );
        assert_eq!(read(Path::new("/nonexistent/power_supply")), None);
    }
}
