#pragma once
/// JSON answers, shared by every route file.
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>

#include "server/request.h"

namespace gomoku {

inline void sendJson(httplib::Response& res, int status, const nlohmann::json& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(jsonText(body), "application/json");
}

inline void sendError(httplib::Response& res, int status, const std::string& message) {
  sendJson(res, status, nlohmann::json{{"error", message}});
}

}  // namespace gomoku
