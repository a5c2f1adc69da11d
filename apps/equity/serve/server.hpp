#pragma once
// `equity serve`'s HTTP server: the JSON API (serve/api.hpp) and the page's static files, on
// cpp-httplib. Routes (docs/serve.md):
//   POST   /api/equity      a question -> the CLI's --json answer (400, 413, 429, 504 with {"error"})
//   POST   /api/jobs        the same as a job: its answer when quick, else 202 {"id", "progress"}
//   GET    /api/jobs/ID     202 with progress while it runs, then the answer; DELETE cancels it
//   GET    /api/range?expr=&dead=   the combos and 13x13 grid of a range
//   GET    /api/orderings   the named orderings of the 169 classes (percentage ranges)
//   GET    /api/health      {"status": "ok", "version", "running", "table"}
//   GET    /...             the static files of the web directory (index.html at /)
#include <filesystem>
#include <memory>
#include <string>

#include "serve/scheduler.hpp"

namespace equity::serve {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                  // 0: a free port
  std::filesystem::path web_dir;    // the static files; empty: none (API only)
  std::filesystem::path table_dir;  // the preflop table found at start-up (reported by /api/health); empty: none
  std::string version;
  Limits limits;
  int http_threads = 16;
  std::size_t max_body = 64 * 1024;  // larger bodies get 413
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the address; returns the port (the chosen one when options.port is 0). Throws InputError
  // when it cannot bind ("--host 1.2.3.4 --port 80: cannot listen there").
  int bind();
  // Serves until stop(); call after bind().
  void run();
  // Cancels the computations and stops serving; run() returns. Safe from any thread.
  void stop();

  std::string url() const;  // http://HOST:PORT/

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace equity::serve
