//! First contact: `arena bundle` on an ordinary crate.

#[allow(unused_imports)]
use crate::common;
