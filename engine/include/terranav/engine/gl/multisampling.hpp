// How many samples per pixel to anti-alias with. On a CPU rasteriser (Mesa's
// llvmpipe) 4x multisampling costs about 2.5x the frame time of the whole
// terrain view (docs/terrain-lod.md), so interactive views turn it off there.
#pragma once

namespace terranav::engine {

/// --msaa auto: the sample count follows the renderer (choose_samples).
inline constexpr int kAutoSamples = -1;

/// True when the current context renders on the CPU (GL_RENDERER names
/// llvmpipe, softpipe or swrast). Needs a current context. O(1).
bool software_renderer();

/// `requested` when >= 0 (0 = off); for kAutoSamples 4 on a GPU and 0 on a
/// software renderer. Needs a current context. O(1).
int choose_samples(int requested);

}  // namespace terranav::engine
