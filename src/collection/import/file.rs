//! Reading an import file: the size limit, and its bytes to text (UTF-8, or UTF-16 with its
//! byte-order mark), refusing a file that is missing, empty, too big or not text.

use std::io::Read;
use std::path::Path;

use crate::collection::error::CollectionError;

/// The largest file `import` reads. The whole catalogue exported with long notes is well under
/// one MiB; a bigger file is almost surely the wrong one, and it is refused by its size before
/// it is read.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// Reads an import file, refusing it whole when it is missing, empty, too big or not text.
/// A file that is not UTF-8 but is Windows-1252 (what Excel saves as "CSV" on Windows) is
/// read as that; the second value then says so, for a warning.
pub fn read(path: &Path) -> Result<(String, Option<String>), CollectionError> {
    let name = path.display().to_string();
    let fail = |reason: String| CollectionError::File {
        file: name.clone(),
        reason,
    };
    let unread = |source: std::io::Error| CollectionError::FileRead {
        file: name.clone(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(unread)?;
    if meta.is_dir() {
        return Err(fail("is a folder, not a file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(fail(too_big(meta.len())));
    }
    let file = std::fs::File::open(path).map_err(unread)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // `take` guards against a file that grows while it is read.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unread)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(fail(too_big(bytes.len() as u64)));
    }
    match decode(&bytes) {
        Ok(text) => Ok((text, None)),
        Err(utf8) => match windows_1252(&bytes) {
            Some(text) if utf8.contains("is not UTF-8") => {
                let text = decode(text.as_bytes()).map_err(fail)?;
                Ok((
                    text,
                    Some(format!(
                        "{}; read as Windows-1252 (what Excel saves as \"CSV\" on Windows): \
                         check accented names, or save it as CSV UTF-8",
                        utf8.split(';').next().unwrap_or(&utf8)
                    )),
                ))
            }
            _ => Err(fail(utf8)),
        },
    }
}

/// Bytes read as Windows-1252; `None` if they hold one of its five undefined bytes (so they
/// are not that either) or are UTF-16 (which `decode` reads).
fn windows_1252(bytes: &[u8]) -> Option<String> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return None;
    }
    const HIGH: [char; 32] = [
        '€', '\0', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\0', 'Ž', '\0', '\0',
        '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\0', 'ž', 'Ÿ',
    ];
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9F => Some(HIGH[(b - 0x80) as usize]).filter(|&c| c != '\0'),
            _ => Some(b as char),
        })
        .collect()
}

fn too_big(bytes: u64) -> String {
    format!(
        "is {:.1} MiB; a collection file is at most {} MiB (the whole catalogue exported is \
         well under 1 MiB), so this is probably not the file you meant",
        bytes as f64 / (1024.0 * 1024.0),
        MAX_FILE_BYTES / (1024 * 1024)
    )
}

/// Bytes to text: UTF-8 (a byte-order mark is dropped), or UTF-16 with its byte-order mark
/// (Excel's "Unicode Text"); not empty, no NUL bytes.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    let utf16 = match bytes {
        [0xFF, 0xFE, rest @ ..] => Some((rest, false)),
        [0xFE, 0xFF, rest @ ..] => Some((rest, true)),
        _ => None,
    };
    if let Some((rest, big_endian)) = utf16 {
        if rest.len() % 2 != 0 {
            return Err(
                "is UTF-16 (it starts with its byte-order mark) but ends in half a character; \
                 save it again"
                    .into(),
            );
        }
        let units = rest.chunks_exact(2).map(|p| {
            let pair = [p[0], p[1]];
            if big_endian {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            }
        });
        let text: String = char::decode_utf16(units)
            .collect::<Result<_, _>>()
            .map_err(|e| {
                format!(
                    "is UTF-16 but holds a broken character (0x{:04X}); save it as UTF-8",
                    e.unpaired_surrogate()
                )
            })?;
        return decode(text.as_bytes());
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(format!(
            "line {line}: holds a NUL byte, so it is not a text file (UTF-16 without its \
             byte-order mark?); save it as UTF-8 (in a spreadsheet: CSV UTF-8)"
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        format!(
            "line {line}, column {column}: byte 0x{:02X} is not UTF-8; save the file as UTF-8 \
             (in a spreadsheet: CSV UTF-8) and import it again",
            bytes[e.valid_up_to()]
        )
    })?;
    if text.trim().is_empty() {
        return Err("is empty: there is nothing to import".into());
    }
    Ok(text.to_string())
}
