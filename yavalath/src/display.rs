//! The position as text for people: the hexagonal board (`Display`) and `Debug`.

use crate::state::Yavalath;
use std::fmt;

impl fmt::Debug for Yavalath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Yavalath({:?})", self.notation())?;
        if let Some(e) = self.end {
            write!(f, " {e:?}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Yavalath {
    /// The hexagonal board, one text line per row, cells separated by spaces: `.` empty, `x` the
    /// first player, `o` the second.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (y, row) in self.rows().iter().enumerate() {
            let indent = y.abs_diff(4);
            write!(f, "{:indent$}", "")?;
            let mut first = true;
            for ch in row.chars() {
                if !first {
                    f.write_str(" ")?;
                }
                first = false;
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
