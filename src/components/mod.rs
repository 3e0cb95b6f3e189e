//! Small presentational pieces shared by the screens.

pub mod icons;
pub mod sheet;
pub mod zoom;
