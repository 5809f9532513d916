//! The heatmap picture as PNG: the SVG rendered by resvg, its text set in the system's fonts.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree};
use thiserror::Error;

/// Why a PNG could not be made.
#[derive(Debug, Error)]
pub enum PngError {
    /// No font was found to set the picture's text in.
    #[error(
        "no fonts were found on this system to draw the picture's text; write an .svg file instead"
    )]
    NoFonts,
    /// The SVG did not parse (a bug: the SVG is ours).
    #[error("the picture's SVG does not parse: {0}")]
    Svg(String),
    /// The picture has no size, or one too large to allocate.
    #[error("cannot allocate a {0}x{1} picture")]
    Size(u32, u32),
    /// Encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// Renders `svg` at its own size to PNG bytes.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, PngError> {
    let mut options = Options::default();
    options.fontdb_mut().load_system_fonts();
    if options.fontdb.is_empty() {
        return Err(PngError::NoFonts);
    }
    let tree = Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap = Pixmap::new(width, height).ok_or(PngError::Size(width, height))?;
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_svg_becomes_a_png_of_its_size() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20" fill="red"/></svg>"#;
        let png = svg_to_png(svg).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // IHDR: width and height, big-endian, after the chunk's length and type.
        assert_eq!(&png[16..24], &[0, 0, 0, 30, 0, 0, 0, 20]);
        assert!(matches!(svg_to_png("<svg"), Err(PngError::Svg(_))));
    }
}
