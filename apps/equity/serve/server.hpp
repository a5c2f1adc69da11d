#pragma once
// `equity serve`'s HTTP server: the JSON API (serve/api.hpp) and the page's static files, on
// Boost.Beast (docs/serve.md). Routes:
//   POST   /api/equity      a question -> the CLI's --json answer (400, 413, 429, 504 with {"error"})
//   POST   /api/jobs        the same as a job: its answer when quick, else 202 {"id", "progress"}
//   GET    /api/jobs/ID     202 with progress while it runs, then the answer; DELETE cancels it
//   GET    /api/range?expr=&dead=   the combos and 13x13 grid of a range
//   GET    /api/orderings   the named orderings of the 169 classes (percentage ranges)
//   GET    /api/health      {"status": "ok", "version", "running", "table"}
//   POST   /api/hands?hero= hand histories' text -> the all-ins, totals and chart (serve/api.hpp)
//   GET    /...             the page's files (index.html at /)
// Every request is read under the limits below as it arrives (nothing past a limit is read) and
// within a deadline; only the page's own origin is answered (Host, Origin, Content-Type, and the
// token when listening on another address than loopback).
#include <filesystem>
#include <memory>
#include <string>

#include "serve/scheduler.hpp"

namespace equity::serve {

// The limits of the HTTP layer (docs/serve.md lists them with their statuses).
struct HttpLimits {
  std::size_t body = 64 * 1024;               // a request body, with or without a length: 413 beyond
  std::size_t hands_body = 32 * 1024 * 1024;  // the same for POST /api/hands (hand histories' text)
  int hands_bodies = 2;            // POST /api/hands bodies read or held at once (memory: 32 MiB each): 429 beyond
  std::size_t target = 8 * 1024;   // the request line: 414 beyond
  std::size_t header = 16 * 1024;  // the request line and headers together: 431 beyond
  std::size_t fields = 100;        // header fields: 431 beyond
  int connections = 400;           // open connections; more are closed at once
  double request_seconds = 10;     // a request must arrive whole within this (then: closed)
  double write_seconds = 10;       // an answer must be taken within this (then: closed)
};

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                  // 0: a free port
  std::filesystem::path web_dir;    // the static files; empty: none (API only)
  std::filesystem::path table_dir;  // the preflop table found at start-up (reported by /api/health); empty: none
  std::string version;
  Limits limits;
  HttpLimits http;
  // One thread (run()'s) reads and writes every connection and answers the quick routes; these
  // threads wait for the computations (each wait holds one) and answer them.
  int http_threads = 16;
};

// Whether `host` is a loopback name (127.0.0.1, localhost, ::1): anything else needs the token.
bool is_loopback(const std::string& host);

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the address; returns the port (the chosen one when options.port is 0). Throws InputError
  // when it cannot bind ("--host 1.2.3.4 --port 80: cannot listen there"), also when another
  // server holds the port (no SO_REUSEPORT).
  int bind();
  // Serves until stop(); call after bind().
  void run();
  // Cancels the computations and stops serving; run() returns. Safe from any thread.
  void stop();

  // http://HOST:PORT/, with ?token=... when the API requires it (another host than loopback).
  std::string url() const;
  // The token every API call must carry (X-Equity-Token header or token= parameter); empty when
  // none is required.
  const std::string& token() const;

  struct Impl;  // (public only so that server.cpp's connection class can name it)

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace equity::serve
