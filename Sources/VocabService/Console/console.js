// vocab's localizer console: calls the public API with the signed-in user's token and draws the answers.
// No framework and no build step. Every text from the server is set with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);

/** Creates an element with a class and text, and appends children. */
function el(tag, className, text, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  for (const child of children) if (child) node.append(child);
  return node;
}

// ---- Signing in: the token lives in this tab's session storage only ----

function credentials() {
  return { user: $("user").value.trim(), token: $("token").value.trim() };
}

function rememberCredentials() {
  const { user, token } = credentials();
  sessionStorage.setItem("vocab.user", user);
  sessionStorage.setItem("vocab.token", token);
}

function restoreCredentials() {
  $("user").value = sessionStorage.getItem("vocab.user") || "";
  $("token").value = sessionStorage.getItem("vocab.token") || "";
}

// ---- Talking to the API ----

/** Calls the API; resolves to the JSON answer, or throws an Error whose message is the API's problem detail. */
async function api(method, path, body) {
  const { token } = credentials();
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new Error("the server did not answer (" + error.message + ")");
  }
  const text = await response.text();
  let answer = null;
  try { answer = text ? JSON.parse(text) : null; } catch (_) { /* not JSON */ }
  if (!response.ok) {
    const detail = answer && answer.detail ? answer.detail : text || response.statusText;
    const field = answer && answer.field ? answer.field + ": " : "";
    throw new Error(response.status + " " + (answer && answer.title ? answer.title : response.statusText) + " — " + field + detail);
  }
  return answer;
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

function setStatus(message) { $("status").textContent = message || ""; }

// ---- The form ----

async function loadLocales() {
  const box = $("language-choices");
  try {
    const answer = await api("GET", "/v1/locales");
    box.replaceChildren();
    const preferred = ["en-US", "fr-FR", "it-IT"];
    for (const locale of answer.locales) {
      const input = el("input");
      input.type = "checkbox";
      input.name = "language";
      input.value = locale.locale;
      input.checked = preferred.includes(locale.locale);
      box.append(el("label", "inline", null, input, document.createTextNode(" " + locale.locale)));
    }
  } catch (error) {
    box.textContent = "Cannot list the locales: " + error.message;
  }
}

function chosenLanguages() {
  const checked = [...document.querySelectorAll("input[name=language]:checked")].map((input) => input.value);
  const extra = $("extra-languages").value.split(",").map((code) => code.trim()).filter((code) => code);
  return [...new Set([...checked, ...extra])];
}

function chosenSource() {
  return document.querySelector("input[name=source]:checked").value;
}

function showSource() {
  const source = chosenSource();
  for (const part of document.querySelectorAll("[data-source]")) part.hidden = part.dataset.source !== source;
}

/** The request body of a comparison, from the form. */
function comparisonRequest() {
  const body = { query: $("phrase").value, languages: chosenLanguages() };
  const source = chosenSource();
  if (source === "terms") body.terms = $("terms").value.split("\n").map((line) => line.trim()).filter((line) => line);
  if (source === "type") body.type = $("type").value.trim();
  if (source === "parameter") body.parameter = $("parameter").value.trim();
  return body;
}

async function compare(event) {
  if (event) event.preventDefault();
  rememberCredentials();
  showError("");
  const { user } = credentials();
  if (!user) { showError("Sign in first: give your user id and token."); return; }
  const body = comparisonRequest();
  setStatus("Comparing in " + body.languages.length + " language(s)…");
  const started = performance.now();
  try {
    const report = await api("POST", "/v1/users/" + encodeURIComponent(user) + "/compare", body);
    renderComparison(report);
    setStatus("Compared in " + Math.round(performance.now() - started) + " ms.");
  } catch (error) {
    $("results").replaceChildren();
    setStatus("");
    showError(error.message);
  }
}

// ---- The comparison table ----

function costClass(step) {
  if (step.filler) return "filler";
  if (step.query === null || step.query === undefined || step.term === null || step.term === undefined) return "cost-3";
  if (step.cost <= 0.001) return "cost-0";
  return step.cost < 0.5 ? "cost-1" : "cost-2";
}

/** Two lines of phones, the query's above the term's, one column per alignment step. */
function alignmentView(phones) {
  const grid = el("div", "alignment");
  for (const step of phones.alignment) {
    const column = el("span", "step " + costClass(step));
    column.title = (step.query ?? "–") + " → " + (step.term ?? "–") + "  cost " + step.cost.toFixed(2);
    column.append(el("span", "q", step.query ?? "·"), el("span", "t", step.term ?? "·"));
    grid.append(column);
  }
  return grid;
}

function readingView(words) {
  const list = el("ul", "readings");
  for (const word of words) {
    const item = el("li", null, null, el("b", null, word.word), document.createTextNode(" /" + word.phones + "/ "));
    if (word.entry) {
      item.append(el("span", "source", "dictionary: " + word.entry));
    } else {
      const rules = (word.rules || []).map((step) =>
        step.letters + "→" + (step.phones || "∅") + (step.line ? " (line " + step.line + ")" : " (no rule)"));
      const source = el("span", "source", word.language + " rules");
      source.title = word.file + "\n" + rules.join("\n");
      item.append(source, el("div", "rules", rules.join(" · ")));
    }
    list.append(item);
  }
  return list;
}

function probabilityView(probability) {
  if (probability === null || probability === undefined) return null;
  const bar = el("span", "bar");
  bar.append(el("span", "fill"));
  bar.firstChild.style.width = Math.round(probability * 100) + "%";
  return el("span", "probability", null, bar, document.createTextNode(" p = " + probability.toFixed(2)));
}

function featuresView(features) {
  if (!features) return null;
  const list = el("ul", "features");
  for (const feature of features.slice(0, 5)) {
    const sign = feature.contribution >= 0 ? "plus" : "minus";
    list.append(el("li", sign, feature.name + " " + (feature.contribution >= 0 ? "+" : "") + feature.contribution.toFixed(2)));
  }
  return list;
}

function listenView(cell, query) {
  const box = el("div", "listen");
  const say = (label, text) => {
    const button = el("button", null, "▶ " + label);
    button.type = "button";
    button.addEventListener("click", () => speak(text, cell.language, button));
    return button;
  };
  box.append(say("phrase", query));
  if (cell.best.length) box.append(say(cell.best[0].term, cell.best[0].term));
  return box;
}

async function speak(text, language, button) {
  showError("");
  const { token } = credentials();
  const url = "/v1/speech?language=" + encodeURIComponent(language) + "&text=" + encodeURIComponent(text);
  button.disabled = true;
  try {
    const response = await fetch(url, { headers: { Authorization: "Bearer " + token } });
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      throw new Error(response.status + " — " + (problem.detail || response.statusText));
    }
    const audio = new Audio(URL.createObjectURL(await response.blob()));
    await audio.play();
  } catch (error) {
    showError("Cannot play " + language + ": " + error.message);
  } finally {
    button.disabled = false;
  }
}

function renderComparison(report) {
  const table = el("table", "comparison");
  table.id = "comparison";
  table.dataset.query = report.query;
  const head = el("tr", null, null, el("th", null, "“" + report.query + "”"));
  for (const cell of report.cells) {
    const th = el("th", null, cell.language);
    th.dataset.language = cell.language;
    head.append(th);
  }
  table.append(el("thead", null, null, head));
  const body = el("tbody");
  const row = (name, label, render) => {
    const tr = el("tr");
    tr.dataset.row = name;
    tr.append(el("th", null, label));
    for (const cell of report.cells) {
      const td = el("td");
      const content = render(cell);
      if (content instanceof Node) td.append(content); else if (content) td.textContent = content;
      tr.append(td);
    }
    body.append(tr);
  };
  row("locale", "Locale", (cell) => {
    const fallback = cell.locale.used !== cell.language;
    const node = el("span", fallback ? "fallback" : null, cell.locale.used + (fallback ? " (fallback)" : ""));
    node.title = cell.locale.explanation;
    return node;
  });
  row("forms", "Normal forms", (cell) => el("div", null, null, el("div", null, cell.faithful), el("div", "muted", cell.folded)));
  row("keys", "Phonetic keys", (cell) => cell.keys.map((keys) => keys.join("/")).join(" "));
  row("heard", "Heard as", (cell) => cell.heard ? el("span", "phones", "/" + cell.heard + "/") : "no phone data");
  row("read", "Read by", (cell) => readingView(cell.words));
  row("outcome", "Outcome", (cell) => el("div", null, null, el("span", "outcome " + cell.outcome, cell.outcome), probabilityView(cell.probability)));
  row("best", "Best", (cell) => {
    const list = el("ol", "best");
    for (const term of cell.best) {
      const item = el("li", null, term.term);
      item.append(el("span", "muted", " " + term.score.toFixed(2) + (term.probability != null ? " · p " + term.probability.toFixed(2) : "")));
      if (term.via) item.append(el("div", "via", term.via === "pronunciation" ? "via pronunciation hint “" + term.pronunciation + "”" : "via its phrase"));
      list.append(item);
    }
    return cell.best.length ? list : "nothing close";
  });
  row("aligned", "Phones aligned", (cell) => {
    const best = cell.best[0];
    if (!best || !best.phones) return "not matched by sound";
    return el("div", null, null, alignmentView(best.phones),
      el("div", "muted", "read in " + best.phones.language + ", similarity " + best.phones.similarity.toFixed(2)));
  });
  row("hints", "In hints", (cell) => {
    const best = cell.best[0];
    if (!best || best.inHints === undefined || best.inHints === null) return null;
    return el("span", best.inHints ? "in-hints" : "muted", best.inHints ? "yes: in the recognizer prompt" : "no: not in the prompt");
  });
  row("term-read", "Term read by", (cell) => cell.best.length ? readingView(cell.best[0].words) : null);
  row("why", "Why", (cell) => featuresView(cell.features));
  row("listen", "Listen", (cell) => listenView(cell, report.query));
  table.append(body);
  $("results").replaceChildren(table);
}

// ---- Lint ----

async function runLint() {
  const box = $("lint-results");
  box.textContent = "Checking…";
  try {
    const answer = await api("GET", "/v1/locales/lint");
    box.replaceChildren(el("p", null, answer.errors + " error(s), " + answer.warnings + " warning(s) in " + answer.files + " vocabulary file(s)."));
    const byFile = new Map();
    for (const finding of answer.findings) {
      if (!byFile.has(finding.path)) byFile.set(finding.path, []);
      byFile.get(finding.path).push(finding);
    }
    for (const [path, findings] of byFile) {
      const list = el("ul");
      for (const finding of findings) {
        list.append(el("li", finding.severity, (finding.line ? "line " + finding.line + ": " : "") + finding.severity + ": "
          + finding.message + (finding.keyPath ? " [" + finding.keyPath + "]" : "")));
      }
      const group = el("details", null, null, el("summary", null, path + " (" + findings.length + ")"), list);
      group.open = true;
      box.append(group);
    }
  } catch (error) {
    box.replaceChildren(el("p", "lint-error", "Cannot check the locales: " + error.message));
  }
}

// ---- A link may fill the form: #user=…&token=…&languages=a,b&terms=x|y&phrase=…&run&lint ----

function applyFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (![...params.keys()].length) return null;
  if (params.has("user")) $("user").value = params.get("user");
  if (params.has("token")) $("token").value = params.get("token");
  if (params.has("languages")) {
    const wanted = params.get("languages").split(",").map((code) => code.trim()).filter((code) => code);
    const known = [];
    for (const input of document.querySelectorAll("input[name=language]")) {
      input.checked = wanted.includes(input.value);
      if (input.checked) known.push(input.value);
    }
    $("extra-languages").value = wanted.filter((code) => !known.includes(code)).join(", ");
  }
  for (const source of ["terms", "type", "parameter"]) {
    if (!params.has(source)) continue;
    document.querySelector("input[name=source][value=" + source + "]").checked = true;
    $(source).value = source === "terms" ? params.get(source).split("|").join("\n") : params.get(source);
  }
  showSource();
  if (params.has("phrase")) $("phrase").value = params.get("phrase");
  rememberCredentials();
  // The token does not stay in the address bar or the history.
  params.delete("token");
  history.replaceState(null, "", location.pathname + (params.toString() ? "#" + params.toString() : ""));
  return { run: params.has("run"), lint: params.has("lint") };
}

async function start() {
  restoreCredentials();
  for (const radio of document.querySelectorAll("input[name=source]")) radio.addEventListener("change", showSource);
  $("compare-form").addEventListener("submit", compare);
  $("run-lint").addEventListener("click", runLint);
  await loadLocales();
  const asked = applyFragment();
  if (asked && asked.run) await compare();
  if (asked && asked.lint) await runLint();
}

start();
