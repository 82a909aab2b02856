// terranav: walk a unit across a heightmap. Window when a display is
// available, else (or with --headless) an offscreen run that writes a
// screenshot and a JSON report.
#include <exception>
#include <iostream>
#include <string_view>
#include <vector>

#include "app/run.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/nav/version.hpp"

int main(int argc, char** argv) {
  using namespace terranav;
  try {
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    const app::Options options = app::parse_options(args);
    if (options.help) {
      std::cout << app::usage();
      return 0;
    }
    if (options.version) {
      std::cout << "terranav " << nav::version();
      if (!nav::git_commit().empty()) std::cout << " (commit " << nav::git_commit() << ')';
      std::cout << '\n';
      return 0;
    }
    app::LoadedWorld loaded = app::load_world(options);
    if (options.headless) return app::run_headless_app(options, loaded, false);
    if (app::run_window_app(loaded, options)) {
      return 0;
    }
    return app::run_headless_app(options, loaded, true);
  } catch (const app::UsageError& error) {
    std::cerr << "terranav: " << nav::printable_text(error.what()) << " (see terranav --help)\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "terranav: " << nav::printable_text(error.what()) << '\n';
    return 1;
  }
}
