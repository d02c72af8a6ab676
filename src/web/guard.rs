//! What the page's server lets in: the PINs (the opponent's, made per game, and the
//! arbiter's), how often a client may ask (a rate limit per address, and a lock after wrong
//! PINs), and which hosts and origins a request may come from. Nothing here knows the game.
use std::collections::HashMap;
use std::io::Read;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// A new opponent's PIN: six digits from the operating system's random source.
pub fn new_pin() -> std::io::Result<String> {
    let mut bytes = [0u8; 8];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(format!("{:06}", u64::from_le_bytes(bytes) % 1_000_000))
}

/// Whether `given` is `expected`, compared in a time that does not depend on where they
/// first differ.
pub fn pin_matches(expected: &str, given: &str) -> bool {
    let (a, b) = (expected.as_bytes(), given.as_bytes());
    let mut differ = a.len() ^ b.len();
    for (i, x) in a.iter().enumerate() {
        differ |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
    }
    differ == 0
}

/// A token bucket: `capacity` requests at once, refilled at `per_second`.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// How many requests a client may make: the kinds of request and their budgets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Reading: the page, the state, the words, the sheets, the live updates.
    Read,
    /// An entry: a move, a touch, words, an arbiter's entry.
    Entry,
}

impl Kind {
    /// (at once, per second)
    fn budget(self) -> (f64, f64) {
        match self {
            Kind::Read => (40.0, 20.0),
            Kind::Entry => (10.0, 10.0),
        }
    }
}

/// Wrong PINs a client may enter before it is locked out for [`LOCK_FOR`].
pub const WRONG_PINS: u32 = 5;
/// How long a client is locked out after [`WRONG_PINS`] wrong PINs.
pub const LOCK_FOR: Duration = Duration::from_secs(60);
/// Clients remembered at most; the oldest are forgotten first.
const CLIENTS: usize = 1024;

#[derive(Debug, Clone)]
struct Client {
    read: Bucket,
    entry: Bucket,
    wrong_pins: u32,
    locked_until: Option<Instant>,
    seen: Instant,
}

/// The rate limits and PIN locks of every client address.
#[derive(Debug, Default)]
pub struct Limiter {
    clients: HashMap<IpAddr, Client>,
}

impl Limiter {
    /// Whether a request of `kind` from `ip` at `now` is within its budget (it is counted).
    pub fn allow(&mut self, ip: IpAddr, kind: Kind, now: Instant) -> bool {
        let client = self.client(ip, now);
        let bucket = match kind {
            Kind::Read => &mut client.read,
            Kind::Entry => &mut client.entry,
        };
        let (capacity, per_second) = kind.budget();
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * per_second).min(capacity);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether `ip` is locked out after wrong PINs.
    pub fn locked(&mut self, ip: IpAddr, now: Instant) -> bool {
        let client = self.client(ip, now);
        match client.locked_until {
            Some(until) if now < until => true,
            Some(_) => {
                client.locked_until = None;
                client.wrong_pins = 0;
                false
            }
            None => false,
        }
    }

    /// A wrong PIN from `ip`; the [`WRONG_PINS`]th locks it out.
    pub fn wrong_pin(&mut self, ip: IpAddr, now: Instant) {
        let client = self.client(ip, now);
        client.wrong_pins += 1;
        if client.wrong_pins >= WRONG_PINS {
            client.locked_until = Some(now + LOCK_FOR);
        }
    }

    /// A right PIN from `ip`: its wrong ones are forgiven.
    pub fn right_pin(&mut self, ip: IpAddr, now: Instant) {
        self.client(ip, now).wrong_pins = 0;
    }

    fn client(&mut self, ip: IpAddr, now: Instant) -> &mut Client {
        if !self.clients.contains_key(&ip) && self.clients.len() >= CLIENTS {
            // Forget the one seen longest ago that is not locked out.
            let oldest = self
                .clients
                .iter()
                .filter(|(_, c)| c.locked_until.is_none_or(|u| u <= now))
                .min_by_key(|(_, c)| c.seen)
                .map(|(ip, _)| *ip);
            if let Some(oldest) = oldest {
                self.clients.remove(&oldest);
            }
        }
        let full = |kind: Kind| Bucket {
            tokens: kind.budget().0,
            at: now,
        };
        let client = self.clients.entry(ip).or_insert_with(|| Client {
            read: full(Kind::Read),
            entry: full(Kind::Entry),
            wrong_pins: 0,
            locked_until: None,
            seen: now,
        });
        client.seen = now;
        client
    }
}

/// Whether a request's `Host` may reach a server bound to a loopback address on `port`: only
/// the loopback names, so that a web site whose name an attacker points at 127.0.0.1 (DNS
/// rebinding) is refused.
pub fn loopback_host(host: Option<&str>, port: u16) -> bool {
    let Some(host) = host else {
        return false;
    };
    let host = host.trim().to_ascii_lowercase();
    ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .any(|name| host == format!("{name}:{port}") || (port == 80 && host == *name))
}

/// Whether an entry's `Origin` (when the browser sent one) is the page's own, `http://HOST`.
pub fn same_origin(origin: Option<&str>, host: Option<&str>) -> bool {
    match (origin, host) {
        (None, _) => true,
        (Some(origin), Some(host)) => origin.eq_ignore_ascii_case(&format!("http://{host}")),
        (Some(_), None) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eleven_entries_at_once_are_one_too_many_and_time_refills_the_budget() {
        let mut limiter = Limiter::default();
        let ip: IpAddr = "192.168.1.9".parse().expect("an address");
        let now = Instant::now();
        let taken = (0..11)
            .filter(|_| limiter.allow(ip, Kind::Entry, now))
            .count();
        assert_eq!(taken, 10);
        let other: IpAddr = "192.168.1.10".parse().expect("an address");
        assert!(
            limiter.allow(other, Kind::Entry, now),
            "another client has its own budget"
        );
        assert!(limiter.allow(ip, Kind::Entry, now + Duration::from_millis(150)));
    }

    #[test]
    fn five_wrong_pins_lock_a_client_out_for_a_minute() {
        let mut limiter = Limiter::default();
        let ip: IpAddr = "10.0.0.2".parse().expect("an address");
        let now = Instant::now();
        for _ in 0..WRONG_PINS - 1 {
            limiter.wrong_pin(ip, now);
        }
        assert!(!limiter.locked(ip, now));
        limiter.wrong_pin(ip, now);
        assert!(limiter.locked(ip, now + Duration::from_secs(59)));
        assert!(!limiter.locked(ip, now + LOCK_FOR));
    }

    #[test]
    fn pins_are_six_digits_and_compared_whole() {
        let pin = new_pin().expect("the random source");
        assert_eq!(pin.len(), 6);
        assert!(pin.chars().all(|c| c.is_ascii_digit()));
        assert!(pin_matches("123456", "123456"));
        assert!(!pin_matches("123456", "12345"));
        assert!(!pin_matches("123456", "1234567"));
        assert!(!pin_matches("123456", ""));
    }

    #[test]
    fn only_loopback_names_reach_a_loopback_server() {
        assert!(loopback_host(Some("127.0.0.1:8080"), 8080));
        assert!(loopback_host(Some("localhost:8080"), 8080));
        assert!(!loopback_host(Some("evil.example:8080"), 8080));
        assert!(!loopback_host(Some("127.0.0.1:9090"), 8080));
        assert!(!loopback_host(None, 8080));
        assert!(same_origin(None, Some("127.0.0.1:8080")));
        assert!(same_origin(
            Some("http://127.0.0.1:8080"),
            Some("127.0.0.1:8080")
        ));
        assert!(!same_origin(
            Some("http://evil.example"),
            Some("127.0.0.1:8080")
        ));
    }
}
