//! Directions, sets of directions and points of the pitch.

// The bit index of a `u8` mask (`trailing_zeros`, below 8 when the mask is
// not empty) is narrowed to a direction index: the cast cannot truncate.
#![allow(clippy::cast_possible_truncation)]

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the eight step directions, numbered as in the protocol: `0` N,
/// `1` NE, `2` E, `3` SE, `4` S, `5` SW, `6` W, `7` NW. North is towards
/// `y - 1` (the top goal).
///
/// In JSON a direction is its digit as a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "u8", try_from = "u8"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[repr(u8)]
pub enum Dir {
    /// `0`: north, (0, -1).
    N = 0,
    /// `1`: north-east, (1, -1).
    NE = 1,
    /// `2`: east, (1, 0).
    E = 2,
    /// `3`: south-east, (1, 1).
    SE = 3,
    /// `4`: south, (0, 1).
    S = 4,
    /// `5`: south-west, (-1, 1).
    SW = 5,
    /// `6`: west, (-1, 0).
    W = 6,
    /// `7`: north-west, (-1, -1).
    NW = 7,
}

const DX: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
const DY: [i8; 8] = [-1, -1, 0, 1, 1, 1, 0, -1];

impl Dir {
    /// All eight directions in protocol order.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    /// The direction with protocol digit `i` (`0..=7`).
    #[inline]
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Dir> {
        if i < 8 { Some(Dir::ALL[i as usize]) } else { None }
    }

    /// The direction written as the character `c` (`'0'..='7'`).
    #[inline]
    #[must_use]
    pub const fn from_digit(c: char) -> Option<Dir> {
        match c {
            '0'..='7' => Dir::from_index(c as u8 - b'0'),
            _ => None,
        }
    }

    /// The protocol digit, `0..=7`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The protocol character, `'0'..='7'`.
    #[inline]
    #[must_use]
    pub const fn digit(self) -> char {
        (b'0' + self as u8) as char
    }

    /// The opposite direction.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) & 7]
    }

    /// The step as `(dx, dy)`, `y` growing southwards.
    #[inline]
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        (DX[self as usize], DY[self as usize])
    }

    /// The single-direction set's bit (`1 << index`).
    #[inline]
    #[must_use]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl From<Dir> for u8 {
    fn from(d: Dir) -> u8 {
        d.index()
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.digit())
    }
}

/// A set of directions as a bit mask (bit `i` is direction `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DirSet(pub u8);

game_core::bit_set!(DirSet, u8, Dir, |d| d as u32, |i| Dir::ALL[(i & 7) as usize]);

impl DirSet {
    /// All eight directions.
    pub const ALL: DirSet = DirSet(0xFF);
}

impl IntoIterator for DirSet {
    type Item = Dir;
    type IntoIter = DirIter;
    fn into_iter(self) -> DirIter {
        DirIter(self.0)
    }
}

/// Iterator over the directions of a [`DirSet`], in protocol order.
#[derive(Clone, Debug)]
pub struct DirIter(u8);

impl Iterator for DirIter {
    type Item = Dir;
    #[inline]
    fn next(&mut self) -> Option<Dir> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Dir::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DirIter {}

/// A point of the pitch: `x` from 0 (left) to the width, `y` from -1 (inside
/// the top goal) to the height + 1 (inside the bottom goal), growing
/// southwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Point {
    /// Column, 0 at the left side line.
    pub x: i8,
    /// Row, 0 at the top end line, -1 inside the top goal.
    pub y: i8,
}

impl Point {
    /// The point `(x, y)`.
    #[inline]
    #[must_use]
    pub const fn new(x: i8, y: i8) -> Point {
        Point { x, y }
    }

    /// The neighbouring point in direction `d` (whether or not it exists on
    /// a pitch); `None` only on `i8` overflow.
    #[inline]
    #[must_use]
    pub fn step(self, d: Dir) -> Option<Point> {
        let (dx, dy) = d.delta();
        Some(Point { x: self.x.checked_add(dx)?, y: self.y.checked_add(dy)? })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}
