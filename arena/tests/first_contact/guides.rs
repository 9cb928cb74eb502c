//! First contact: the lists the guides repeat match the program.

#[allow(unused_imports)]
use crate::common;
