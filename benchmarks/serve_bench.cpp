// Load test of `equity serve`: C clients on loopback post table-backed heads-up preflop questions
// to POST /api/equity for S seconds, one after another each; prints the requests per second, the
// latency percentiles and any error. Bounded in time; not a Google Benchmark (it measures a server).
//   equity_serve_bench [SECONDS=5] [CLIENTS=8]
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "equity/hand_class.hpp"
#include "equity/table_location.hpp"
#include "serve/server.hpp"

int main(int argc, char** argv) {
  using Clock = std::chrono::steady_clock;
  const double seconds = argc > 1 ? std::atof(argv[1]) : 5;
  const int clients = argc > 2 ? std::atoi(argv[2]) : 8;
  equity::serve::ServerOptions options;
  options.port = 0;
  if (const auto table = equity::find_table()) options.table_dir = *table;
  if (options.table_dir.empty()) {
    std::fprintf(stderr, "serve_bench: no preflop table found: the questions would be enumerated\n");
    return 1;
  }
  equity::serve::Server server(options);
  const int port = server.bind();
  std::thread serving([&] { server.run(); });

  std::atomic<long> errors{0};
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(clients));
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c)
    threads.emplace_back([&, c] {
      httplib::Client client("127.0.0.1", port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      const auto& classes = equity::hand_classes();
      for (std::size_t i = static_cast<std::size_t>(c) * 37; Clock::now() < end; i += 13) {
        const std::string body =
            "{\"players\": [\"" + classes[i % 169].name() + "\", \"" + classes[(i * 7 + 3) % 169].name() + "\"]}";
        const auto start = Clock::now();
        auto res = client.Post("/api/equity", body, "application/json");
        latencies[static_cast<std::size_t>(c)].push_back(std::chrono::duration<double>(Clock::now() - start).count());
        if (!res || res->status != 200 || res->body.find("\"mode\":\"table\"") == std::string::npos) {
          if (errors++ < 3)
            std::fprintf(stderr, "serve_bench: error: %s\n",
                         res ? (std::to_string(res->status) + " " + res->body).c_str() : "no answer");
        }
      }
    });
  for (auto& t : threads) t.join();
  server.stop();
  serving.join();

  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  const auto at = [&](double q) {
    return all.empty() ? 0.0 : 1000 * all[static_cast<std::size_t>(q * static_cast<double>(all.size() - 1))];
  };
  std::printf(
      "serve_bench: %d clients, %.1f s: %zu requests, %.0f per second, %ld errors; latency median %.2f ms, p90 %.2f "
      "ms, p99 %.2f ms\n",
      clients, seconds, all.size(), static_cast<double>(all.size()) / seconds, errors.load(), at(0.5), at(0.9),
      at(0.99));
  return errors.load() == 0 ? 0 : 1;
}
