/// What the commands say when their inputs hold no photo, naming the inputs (folders, as a
/// rule). convert and validate print it as a note and exit 0, since nothing failed; tune and
/// bench need sample photos, so for them it is a usage error (exit status 2).
func noPhotosFound(in inputs: [String]) -> String {
    "no photos found in \(inputs.joined(separator: ", ")) (JPEG, PNG, HEIC, WebP and TIFF files; hidden files are skipped)"
}
