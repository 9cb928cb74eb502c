//! How the referee reads an answer line: Java's `split("\\s")` and `Integer.parseInt`, exactly.
//! The expectations were checked against OpenJDK 17 running the referee's two calls.

use crate::common;
use common::*;
use game_core::GameError;
use proptest::prelude::*;
use yavalath::protocol::{Answer, AnswerError, parse_answer};

fn read(line: &str) -> Result<Answer, AnswerError> {
    parse_answer(line.as_bytes())
}

fn xy(line: &str) -> Result<(u8, u8), AnswerError> {
    read(line).map(|a| (a.cell.x(), a.cell.y()))
}

fn unreadable(line: &[u8]) -> bool {
    matches!(parse_answer(line), Err(ref e @ AnswerError::Unreadable { .. }) if e.kind() == "unreadable")
}

#[test]
fn digits_of_any_script_are_read_as_in_the_rules_examples() {
    assert_eq!(xy("٣ 4"), Ok((3, 4)), "Arabic-Indic three");
    assert_eq!(xy("３ 4"), Ok((3, 4)), "fullwidth three");
    assert_eq!(xy("३ ४"), Ok((3, 4)), "Devanagari");
    assert_eq!(xy("๓ ๔"), Ok((3, 4)), "Thai");
    assert_eq!(xy("۳ ၄"), Ok((3, 4)), "Extended Arabic-Indic and Myanmar");
    assert_eq!(xy("߃ ᠔"), Ok((3, 4)), "NKo and Mongolian");
    assert_eq!(xy("꧳ 4"), Ok((3, 4)), "Myanmar Tai Laing (Unicode 7.0)");
    assert_eq!(xy("෩ 4"), Ok((3, 4)), "Sinhala Lith (Unicode 7.0)");
}

#[test]
fn digit_scripts_may_be_mixed_inside_one_number() {
    assert_eq!(read("３4 4"), Err(AnswerError::OffBoard { x: 34, y: 4 }));
    assert_eq!(read("٣４ 4"), Err(AnswerError::OffBoard { x: 34, y: 4 }));
    assert_eq!(xy("０٣ ४"), Ok((3, 4)));
}

#[test]
fn digits_outside_the_basic_multilingual_plane_are_unreadable() {
    // Java reads UTF-16 units: a supplementary digit is two surrogates, neither a digit.
    for bad in ["𝟑 4", "𝟛 4", "𝟹 4", "4 𝟒", "𐒣 4"] {
        assert!(unreadable(bad.as_bytes()), "{bad:?}");
    }
    let mut numeric = 0;
    for c in ('\u{10000}'..='\u{10FFFF}').filter(|c| c.is_numeric()) {
        numeric += 1;
        assert!(unreadable(format!("{c} 4").as_bytes()), "{c:?}");
    }
    assert!(numeric > 500, "{numeric}");
}

#[test]
fn only_decimal_digits_are_digits() {
    for bad in ["³ 4", "Ⅳ 4", "Ａ 4", "a 4", "4 ½", "十 4", "〇 4"] {
        assert!(unreadable(bad.as_bytes()), "{bad:?}");
    }
}

#[test]
fn the_basic_multilingual_plane_has_370_digits_in_runs_of_ten() {
    // Java 9+ `Character.digit(c, 10)` accepts exactly 370 BMP characters, each run `0..=9`.
    let mut accepted = Vec::new();
    for c in ('\0'..='\u{FFFF}').filter(|&c| !matches!(c, ' ' | '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r')) {
        let value = match read(&format!("{c} 4")) {
            Ok(a) => u32::from(a.cell.x()),
            Err(AnswerError::OffBoard { x, .. }) => x as u32,
            Err(_) => continue,
        };
        assert!(c.is_numeric(), "{c:?} is read as a digit");
        accepted.push((c, value));
    }
    assert_eq!(accepted.len(), 370);
    for run in accepted.chunks(10) {
        let zero = u32::from(run[0].0);
        for (i, &(c, value)) in run.iter().enumerate() {
            assert_eq!((u32::from(c), value), (zero + i as u32, i as u32), "{c:?}");
        }
    }
}

#[test]
fn a_sign_and_leading_zeros_are_read_as_java_does() {
    assert_eq!(xy("+3 4"), Ok((3, 4)));
    assert_eq!(xy("-0 4"), Ok((0, 4)));
    assert_eq!(xy("3 +4"), Ok((3, 4)));
    assert_eq!(xy("-０ ٤"), Ok((0, 4)));
    assert_eq!(xy("0000000000000000000003 0004"), Ok((3, 4)));
    for bad in ["+-3 4", "-+3 4", "+ 4", "- 4", "3 -", "++3 4", "3- 4", "3+ 4", "−3 4"] {
        assert!(unreadable(bad.as_bytes()), "{bad:?}");
    }
}

#[test]
fn numbers_off_the_board_are_an_illegal_move_not_unreadable() {
    assert_eq!(read("-1 4"), Err(AnswerError::OffBoard { x: -1, y: 4 }));
    assert_eq!(read("-1 -1"), Err(AnswerError::OffBoard { x: -1, y: -1 }));
    assert_eq!(read("5 0"), Err(AnswerError::OffBoard { x: 5, y: 0 }));
    assert_eq!(read("2147483647 0"), Err(AnswerError::OffBoard { x: i32::MAX, y: 0 }));
    assert_eq!(read("-2147483648 0"), Err(AnswerError::OffBoard { x: i32::MIN, y: 0 }));
    assert_eq!(read("5 0").unwrap_err().kind(), "off-board");
}

#[test]
fn values_outside_32_bits_are_unreadable() {
    for bad in ["2147483648 0", "-2147483649 0", "0 2147483648", "4294967300 4", "99999999999999999999 4"] {
        assert!(unreadable(bad.as_bytes()), "{bad:?}");
    }
}

#[test]
fn a_leading_whitespace_or_two_between_the_numbers_is_unreadable() {
    for bad in [" 4 4", "\t4 4", "\r4 4", "4  4", "4 \t4", "4\t\t4", "", " ", "4", "4 ", "4  "] {
        assert!(unreadable(bad.as_bytes()), "{bad:?}");
    }
}

#[test]
fn trailing_whitespace_is_fine() {
    for ok in ["4 4 ", "4 4  ", "4 4\t", "4 4\r", "4 4 \t\r\u{0B}\u{0C}"] {
        assert_eq!(read(ok), Ok(Answer { cell: cell(4, 4), message: None }), "{ok:?}");
    }
}

#[test]
fn each_of_javas_six_ascii_whitespace_characters_separates() {
    for sep in [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"] {
        assert_eq!(xy(&format!("2{sep}6")), Ok((2, 6)), "{sep:?}");
    }
}

#[test]
fn unicode_spaces_do_not_separate() {
    // Java's `\s` is ASCII only unless UNICODE_CHARACTER_CLASS is set, which the referee does not.
    for sep in ["\u{A0}", "\u{2003}", "\u{3000}", "\u{85}", "\u{2028}", "\u{1680}"] {
        assert!(unreadable(format!("4{sep}4").as_bytes()), "{sep:?}");
    }
}

#[test]
fn the_message_is_the_remaining_pieces_joined_by_spaces() {
    let message = |line: &str| read(line).unwrap().message;
    assert_eq!(message("4 4 hello"), Some("hello".into()));
    assert_eq!(
        message("4 4 This is a message/This is another message").as_deref(),
        Some("This is a message/This is another message")
    );
    assert_eq!(message("4 4 msg  two\tthree ").as_deref(), Some("msg  two three"));
    assert_eq!(message("4 4  msg").as_deref(), Some(" msg"));
    assert_eq!(message("4 4 a\u{0B}b\rc\r").as_deref(), Some("a b c"));
    assert_eq!(message("4 4 \t "), None);
    assert_eq!(message("4\t4\tx y"), Some("x y".into()));
    // Any text, other scripts and no-break spaces included, is kept as it is.
    assert_eq!(message("4 4 ٣ ３\u{A0}é").as_deref(), Some("٣ ３\u{A0}é"));
}

#[test]
fn a_line_that_is_not_utf8_is_unreadable() {
    assert!(unreadable(b"\xff"));
    assert!(unreadable(b"4 4 \xff"));
    assert!(unreadable(b"\xef\xbc 4"), "a cut fullwidth digit");
    let e = parse_answer(b"4\xfe4").unwrap_err();
    assert!(e.to_string().contains("not UTF-8"), "{e}");
}

/// The referee's two calls modelled on a small alphabet whose Java behaviour is known: `split`
/// on the six characters (trailing empty pieces dropped), `parseInt` with the digits listed.
fn java_reference(line: &str) -> Option<(i32, i32)> {
    let mut pieces: Vec<&str> = line.split([' ', '\t', '\n', '\u{0B}', '\u{0C}', '\r']).collect();
    while pieces.last() == Some(&"") {
        pieces.pop();
    }
    let digit = |c: char| match c {
        '0'..='9' => Some(i64::from(c as u8 - b'0')),
        '٣' | '３' => Some(3),
        '๔' => Some(4),
        _ => None, // 'a', '𝟑', '³', U+00A0, '+' and '-' inside a number
    };
    let int = |s: &str| -> Option<i32> {
        let (sign, body) = match s.chars().next()? {
            '-' => (-1, &s[1..]),
            '+' => (1, &s[1..]),
            _ => (1, s),
        };
        let mut v: i64 = 0;
        for c in body.chars() {
            v = (v * 10 + digit(c)?).min(1 << 40);
        }
        if body.is_empty() { None } else { i32::try_from(sign * v).ok() }
    };
    Some((int(pieces.first()?)?, int(pieces.get(1)?)?))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn answers_are_read_like_the_java_referee(s in "[ \t\r\u{0B}\u{A0}+\\-0-9a٣３๔𝟑³]{0,14}") {
        let expected = java_reference(&s);
        match parse_answer(s.as_bytes()) {
            Ok(a) => prop_assert_eq!(expected, Some((i32::from(a.cell.x()), i32::from(a.cell.y())))),
            Err(AnswerError::OffBoard { x, y }) => prop_assert_eq!(expected, Some((x, y))),
            Err(AnswerError::Unreadable { .. }) => prop_assert_eq!(expected, None),
            // `AnswerError` is `#[non_exhaustive]`; no other kind exists today.
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
    }

    #[test]
    fn any_bytes_give_an_answer_or_a_typed_error(b in proptest::collection::vec(any::<u8>(), 0..64)) {
        match parse_answer(&b) {
            Ok(a) => prop_assert!(std::str::from_utf8(&b).is_ok() && a.message.as_deref() != Some("")),
            Err(e) => prop_assert!(["unreadable", "off-board"].contains(&e.kind())),
        }
    }
}
