//! Small bit sets over a fixed universe (players, directions, board cells):
//! one definition of the set operations every game needs, stamped onto each
//! game's own newtype by [`bit_set!`](crate::bit_set).
//!
//! ```
//! use game_core::bit_set;
//!
//! /// The days of a week, as a bit set.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
//! pub struct Days(pub u8);
//! bit_set!(Days, u8, u8, |d| d as u32, |i| i as u8);
//!
//! let weekend = Days::EMPTY.with(5).with(6);
//! assert!(weekend.contains(6) && !weekend.contains(0));
//! assert_eq!(weekend.len(), 2);
//! assert_eq!(weekend.iter().collect::<Vec<_>>(), [5, 6]);
//! assert_eq!(weekend.without(5).without(6), Days::EMPTY);
//! ```

/// Implements the set operations on a newtype over an unsigned integer:
/// `bit_set!(Set, u64, Elem, |e| index_of_e, |i| elem_of_index)`, where the
/// index is a `u32` bit position below the integer's width.
///
/// Adds `EMPTY`, `contains`, `with`, `without`, `len`, `is_empty`, `iter`
/// (in increasing bit order), `union`, `intersection`, `difference` and
/// `FromIterator<Elem>`.
#[macro_export]
macro_rules! bit_set {
    ($set:ident, $bits:ty, $elem:ty, |$e:ident| $index:expr, |$i:ident| $from:expr) => {
        impl $set {
            /// The empty set.
            pub const EMPTY: $set = $set(0);

            /// Whether the element is in the set.
            #[inline]
            #[must_use]
            pub const fn contains(self, $e: $elem) -> bool {
                let i: u32 = $index;
                i < <$bits>::BITS && (self.0 >> i) & 1 != 0
            }

            /// The set with the element added.
            #[inline]
            #[must_use]
            pub const fn with(self, $e: $elem) -> $set {
                let i: u32 = $index;
                if i < <$bits>::BITS { $set(self.0 | (1 << i)) } else { self }
            }

            /// The set with the element removed.
            #[inline]
            #[must_use]
            pub const fn without(self, $e: $elem) -> $set {
                let i: u32 = $index;
                if i < <$bits>::BITS { $set(self.0 & !(1 << i)) } else { self }
            }

            /// The number of elements.
            #[inline]
            #[must_use]
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// Whether the set has no element.
            #[inline]
            #[must_use]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// The elements of both sets.
            #[inline]
            #[must_use]
            pub const fn union(self, other: $set) -> $set {
                $set(self.0 | other.0)
            }

            /// The elements common to both sets.
            #[inline]
            #[must_use]
            pub const fn intersection(self, other: $set) -> $set {
                $set(self.0 & other.0)
            }

            /// The elements of `self` not in `other`.
            #[inline]
            #[must_use]
            pub const fn difference(self, other: $set) -> $set {
                $set(self.0 & !other.0)
            }

            /// The elements in increasing bit order.
            #[inline]
            pub fn iter(self) -> impl Iterator<Item = $elem> {
                let mut bits = self.0;
                ::core::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let $i = bits.trailing_zeros();
                    bits &= bits - 1;
                    Some($from)
                })
            }
        }

        impl ::core::iter::FromIterator<$elem> for $set {
            fn from_iter<I: IntoIterator<Item = $elem>>(iter: I) -> Self {
                iter.into_iter().fold($set::EMPTY, $set::with)
            }
        }
    };
}
