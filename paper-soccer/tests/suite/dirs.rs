//! Directions, sets of directions and points (the crate's `dir` module).

use paper_soccer::{Dir, DirSet, Point};

#[test]
fn the_eight_directions_are_the_digits_0_to_7_and_nothing_else() {
    for i in 0..=u8::MAX {
        let d = Dir::from_index(i);
        assert_eq!(d.is_some(), i < 8, "{i}");
        if let Some(d) = d {
            assert_eq!(d.index(), i);
            assert_eq!(d.to_string(), i.to_string());
            assert_eq!(Dir::from_digit(d.digit()), Some(d));
        }
    }
    assert_eq!(Dir::from_digit('8'), None);
}

#[test]
fn a_set_of_directions_iterates_in_protocol_order_knowing_its_length() {
    for bits in 0..=u8::MAX {
        let set = DirSet(bits);
        let mut iter = set.into_iter();
        let mut seen = Vec::new();
        for left in (0..=bits.count_ones() as usize).rev() {
            assert_eq!(iter.size_hint(), (left, Some(left)));
            assert_eq!(iter.len(), left);
            seen.extend(iter.next());
        }
        let expected: Vec<Dir> = Dir::ALL.into_iter().filter(|d| bits & d.bit() != 0).collect();
        assert_eq!(seen, expected);
    }
}

#[test]
fn a_point_shows_as_x_comma_y_in_parentheses() {
    assert_eq!(Point::new(4, -1).to_string(), "(4,-1)");
}
