//! First contact: bot programs that cannot start, crash or are slow to start.

#[allow(unused_imports)]
use crate::common;
