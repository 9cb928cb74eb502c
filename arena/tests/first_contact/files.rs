//! First contact: files that cannot be written or read.

#[allow(unused_imports)]
use crate::common;
