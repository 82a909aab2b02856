// Where the app finds its shaders and default data: beside the executable
// (the build copies them there), unless an environment variable says otherwise.
#pragma once

#include <filesystem>

namespace terranav::app {

/// File name of the default DEM inside the data directory.
inline constexpr const char* kDefaultMapName = "lothian_borders_utm30n_90m_1025.png";

/// Directory of the running executable (/proc/self/exe).
std::filesystem::path executable_dir();

/// $TERRANAV_SHADER_DIR if set and non-empty, else <executable_dir>/shaders.
std::filesystem::path shader_dir();

/// $TERRANAV_DATA_DIR if set and non-empty, else <executable_dir>/data.
std::filesystem::path data_dir();

}  // namespace terranav::app
