//! First contact: numbers and messages on the command line.

#[allow(unused_imports)]
use crate::common;
