//! First contact: `arena judge` on hand-edited records.

#[allow(unused_imports)]
use crate::common;
