//! The start of a record: whether it is JSON or text, and what a JSON
//! record says before its turns (its game and configuration), read once and
//! given back whole to be judged.

use crate::error::JudgeError;
use crate::registry::GameConfig;
use serde::de::{Deserializer, Error as _, IgnoredAny, MapAccess, Visitor};
use std::io::{BufRead, Read};

/// An input given back whole after its first bytes were read.
pub(super) type Again<R> = std::io::Chain<std::io::Cursor<Vec<u8>>, R>;

/// Whether `input` is a JSON record (its first non-blank byte is `{`), and
/// the whole input again.
///
/// # Errors
/// [`JudgeError::Read`]; [`JudgeError::Empty`] for an input of no bytes.
pub(super) fn sniff<R: BufRead>(mut input: R) -> Result<(bool, Again<R>), JudgeError> {
    let mut blank = Vec::new();
    let json = loop {
        let buf = input.fill_buf().map_err(JudgeError::Read)?;
        let Some(&first) = buf.first() else {
            if blank.is_empty() {
                return Err(JudgeError::Empty);
            }
            break false;
        };
        let n = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
        if n == 0 {
            break first == b'{';
        }
        blank.extend_from_slice(&buf[..n]);
        input.consume(n);
    };
    Ok((json, std::io::Cursor::new(blank).chain(input)))
}

/// What a JSON record says before its turns, as far as choosing the game's
/// configuration needs it. Read from a reader with [`record_start`] (up to
/// the turns), or from a whole record's text with serde.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
pub struct RecordStart {
    /// The record's `game`.
    #[serde(default)]
    pub game: Option<String>,
    /// The record's `config`.
    #[serde(default)]
    pub config: Option<GameConfig>,
    /// The record's `bots`, the bot in each seat (empty when it has none).
    #[serde(default)]
    pub bots: Vec<String>,
}

/// Reads the start of a record from `input` (up to a JSON record's turns;
/// nothing of a text record) and gives back the whole input to judge:
/// `None` for a text record.
///
/// # Errors
/// [`JudgeError::Read`] when reading fails; [`JudgeError::Unreadable`] for
/// a JSON record that does not parse up to its turns.
pub fn record_start<R: Read>(input: R) -> Result<(Option<RecordStart>, impl BufRead), JudgeError> {
    let mut tee = Tee { inner: input, seen: Vec::new() };
    let (json, rest) = sniff(std::io::BufReader::new(&mut tee))?;
    let mut start = None;
    if json {
        let mut found = RecordStart::default();
        let r = serde_json::Deserializer::from_reader(rest).deserialize_map(StartVisitor(&mut found));
        match r {
            Ok(()) => {}
            Err(e) if e.to_string().starts_with(START_DONE) => {}
            Err(e) => return Err(super::bad_json(e)),
        }
        start = Some(found);
    } else {
        drop(rest);
    }
    let seen = std::mem::take(&mut tee.seen);
    Ok((start, std::io::BufReader::with_capacity(1 << 16, std::io::Cursor::new(seen).chain(tee.inner))))
}

/// A reader that keeps what it has read (the start of a record, read twice).
struct Tee<R> {
    inner: R,
    seen: Vec<u8>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.seen.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

const START_DONE: &str = "the start of the record is read";

struct StartVisitor<'o>(&'o mut RecordStart);

impl<'de> Visitor<'de> for StartVisitor<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a game record")
    }
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "game" => self.0.game = Some(map.next_value()?),
                "config" => self.0.config = Some(map.next_value()?),
                "bots" => self.0.bots = map.next_value()?,
                "turns" => return Err(M::Error::custom(START_DONE)),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}
