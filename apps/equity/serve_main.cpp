// `equity-serve`: the web app's server, a program of its own so that the HTTP library (and the
// TLS, zlib and brotli libraries Debian builds it with) load only when serving: `equity serve ...`
// runs it (see exec_serve() in main.cpp), and `equity` itself starts in a couple of milliseconds.
#include <exception>
#include <iostream>

#include "commands.hpp"

int main(int argc, char** argv) {
  try {
    return equity::cli::run_serve(equity::cli::Args(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "equity: internal error: " << e.what() << "\n";
    return 1;
  }
}
