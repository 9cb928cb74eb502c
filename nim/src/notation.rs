//! A take as text: the number of stones in decimal, as the protocol, the records and the
//! arena's `judge` write it ([`format_take`]) and read it ([`parse_take`]).

use crate::error::ParseTakeError;

/// A take as text: `3`.
#[must_use]
pub fn format_take(take: u8) -> String {
    take.to_string()
}

/// Reads a take exactly as Rust's `u8::from_str` does, which is what the protocol's answer
/// reading and the records use: one or more ASCII digits `0`-`9`, optionally after one `+`,
/// with a value from 0 to 255; leading zeros are fine (`03` is 3). Nothing else: no
/// whitespace anywhere (` 3`, `3 `, `3\r`), no `-`, no empty text. A 0 or a take above
/// `max_take` or the pile is readable here and refused by the rules
/// ([`NimError::BadTake`](crate::NimError::BadTake)).
///
/// ```
/// use nim::parse_take;
/// assert_eq!(parse_take("3"), Ok(3));
/// assert_eq!(parse_take("+3"), Ok(3));
/// assert_eq!(parse_take("003"), Ok(3));
/// assert!(parse_take(" 3").is_err());
/// assert!(parse_take("256").is_err());
/// ```
///
/// # Errors
/// [`ParseTakeError::Unreadable`] (kind `unreadable`) for anything else.
pub fn parse_take(text: &str) -> Result<u8, ParseTakeError> {
    text.parse::<u8>().map_err(|_| ParseTakeError::Unreadable(text.chars().take(80).collect()))
}
