// `equity serve`: the calculator as a local web app (the page in web/, the API in serve/).
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli_common.hpp"
#include "commands.hpp"
#include "equity/error.hpp"
#include "equity/table_location.hpp"
#include "serve/server.hpp"

extern char** environ;

namespace equity::cli {
namespace {

namespace fs = std::filesystem;

// The page's files: --web DIR, else PREFIX/share/equity/web for an installed program, or
// share/equity/web beside it in a build tree (linked to web/ by CMake).
fs::path find_web_dir(const std::string& explicit_dir) {
  std::error_code ec;
  if (!explicit_dir.empty()) {
    if (!fs::is_regular_file(fs::path(explicit_dir) / "index.html", ec))
      throw InputError("--web " + explicit_dir + ": no index.html in it");
    return explicit_dir;
  }
  if (const auto exe = program_directory())
    for (const fs::path& dir : {*exe / ".." / "share" / "equity" / "web", *exe / "share" / "equity" / "web"})
      if (fs::is_regular_file(dir / "index.html", ec)) return fs::weakly_canonical(dir, ec);
  return {};
}

// Opens the URL in the desktop's browser (xdg-open, its own output silenced), without waiting for
// it; where there is no desktop or it fails, one line says to open the URL by hand.
void open_browser(const std::string& url) {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  if ((display == nullptr || *display == '\0') && (wayland == nullptr || *wayland == '\0')) {
    std::cerr << "equity serve: no desktop to open a browser on (DISPLAY is not set); open " << url
              << " in a browser\n";
    return;
  }
  posix_spawn_file_actions_t quiet;
  posix_spawn_file_actions_init(&quiet);
  posix_spawn_file_actions_addopen(&quiet, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&quiet, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  const int failed = posix_spawnp(&pid, "xdg-open", &quiet, nullptr, const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&quiet);
  if (failed != 0) {
    std::cerr << "equity serve: cannot run xdg-open to open a browser; open " << url << " in a browser\n";
    return;
  }
  std::thread([pid, url] {
    int status = 0;
    if (waitpid(pid, &status, 0) == pid && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
      std::cerr << "equity serve: no browser could be opened (xdg-open failed); open " << url << " in a browser\n";
  }).detach();
}

}  // namespace

int run_serve(const Args& args) {
  CLI::App app(
      "Serves the calculator as a web page and a JSON API (docs/serve.md) on this machine's loopback\n"
      "address, until Ctrl-C. Open the printed URL in a browser.",
      "equity serve");
  serve::ServerOptions options;
  std::string web;
  bool open = false;
  app.add_option("--port", options.port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  app.add_option("--host", options.host, "address to listen on; another than loopback exposes it to the network")
      ->capture_default_str();
  app.add_flag("--open", open, "open the page in the desktop's browser");
  app.add_option("--web", web, "directory of the page's files (default: installed with the program)");
  app.add_option("--budget", options.limits.budget_seconds, "seconds a computation may run before it is cancelled")
      ->check(positive())
      ->capture_default_str();
  app.add_option("--jobs", options.limits.running, "computations at once; more are refused with 429")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.footer("\nExample:\n  equity serve --open        then http://127.0.0.1:8080/\n");

  return run(app, args, [&] {
    options.web_dir = find_web_dir(web);
    if (options.web_dir.empty())
      std::cerr << "equity: warning: the page's files were not found; serving the API only\n";
    if (const auto table = find_table()) options.table_dir = *table;
    options.version = EQUITY_VERSION;
    // Ctrl-C and SIGTERM are taken by one thread that stops the server; every other thread has
    // them blocked (the mask is inherited, so set it before any thread starts).
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    serve::Server server(options);
    server.bind();
    std::thread stopper([&] {
      int signal = 0;
      sigwait(&stop_signals, &signal);
      server.stop();
    });
    std::cout << "equity serve: " << server.url() << " (Ctrl-C stops it)" << std::endl;
    if (open) open_browser(server.url());
    server.run();
    pthread_kill(stopper.native_handle(), SIGTERM);  // run() may end without a signal
    stopper.join();
    std::cout << "equity serve: stopped" << std::endl;
    return 0;
  });
}

}  // namespace equity::cli
