/// Which neighbours of a pixel count as adjacent when grouping pixels into components.
///
/// - `four`: the pixels sharing an edge (left, right, up, down). This is what a
///   scanline flood fill ("paint bucket") spreads through, so paper regions of a
///   coloring page are 4-connected: two areas touching only at a corner stay separate.
/// - `eight`: edge- and corner-sharing pixels. Ink strokes are 8-connected, so a
///   one-pixel diagonal line counts as a single stroke (and a single speck).
package enum Connectivity: String, Sendable, Codable, CaseIterable {
    case four
    case eight
}
