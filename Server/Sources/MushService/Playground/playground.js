// The playground's script (served as /playground.js; the page runs no inline script).
"use strict";
const $ = (id) => document.getElementById(id);
let current = "";      // the JSON last sent to be drawn
let pictureURL = null;
let pictureSize = null; // the picture's size in points (its viewBox)
let drawTimer = null, hoverTimer = null, mushTimer = null;

function post(path, body, type) {
  return fetch(path, { method: "POST", body, headers: { "Content-Type": type || "application/json" } });
}

function showError(message, path) {
  $("error-path").textContent = path ? path + ": " : "";
  // The message names the path itself; show it once.
  $("error-message").textContent = path && message.startsWith(path + ": ") ? message.slice(path.length + 2) : message;
  $("error").classList.add("shown");
}

function clearError() {
  $("error").classList.remove("shown");
  $("error-path").textContent = "";
  $("error-message").textContent = "";
}

function warningsOf(response) {
  const header = response.headers.get("Mush-Warnings");
  if (!header) return [];
  try { return JSON.parse(header); } catch (e) { return [header]; }
}

async function failure(response) {
  try { return await response.json(); } catch (e) { return { error: response.status + " " + response.statusText, path: "" }; }
}

// Draws the editor's JSON as SVG; on an error the last good picture stays.
async function draw() {
  const text = $("editor").value;
  current = text;
  history.replaceState(null, "", "#doc=" + encodeURIComponent(text));
  let response;
  try {
    response = await post("/render?format=svg", text);
  } catch (e) {
    showError("the service did not answer (" + e.message + ")", "");
    return;
  }
  if (text !== current) return; // a later edit is on its way
  if (!response.ok) {
    const error = await failure(response);
    showError(error.error, error.path);
    return;
  }
  const svg = await response.text();
  if (text !== current) return;
  clearError();
  const box = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg);
  pictureSize = box ? { width: Number(box[3]), height: Number(box[4]) } : null;
  if (pictureURL) URL.revokeObjectURL(pictureURL);
  pictureURL = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  const picture = $("picture");
  picture.src = pictureURL;
  if (pictureSize) { picture.style.width = pictureSize.width + "px"; picture.style.height = pictureSize.height + "px"; }
  $("outline").style.display = "none";
  $("warnings").textContent = warningsOf(response).join("\n");
  $("picture").dataset.drawn = String(Number($("picture").dataset.drawn || 0) + 1);
}

function scheduleDraw() {
  clearTimeout(drawTimer);
  drawTimer = setTimeout(draw, 250);
}

// Outlines the topmost box under the pointer, with its JSON path and frame.
async function hover(event) {
  if (!pictureSize) return;
  const picture = $("picture");
  const scale = pictureSize.width / picture.clientWidth;
  const x = event.offsetX * scale, y = event.offsetY * scale;
  const response = await post("/layout?hit=" + x.toFixed(1) + "," + y.toFixed(1), current);
  if (!response.ok) return;
  const hits = await response.json();
  const outline = $("outline");
  if (!hits.length) { outline.style.display = "none"; $("hover-path").textContent = ""; $("hover-frame").textContent = ""; return; }
  const top = hits[0];
  Object.assign(outline.style, {
    display: "block", left: top.x / scale + "px", top: top.y / scale + "px",
    width: top.width / scale + "px", height: top.height / scale + "px",
  });
  $("hover-path").textContent = top.path + (top.id ? " (" + top.id + ")" : "");
  $("hover-frame").textContent = top.x + ", " + top.y + ", " + top.width + " × " + top.height;
}

async function download(format) {
  const response = await post("/render?format=" + format + (format === "png" ? "&scale=2" : ""), $("editor").value);
  if (!response.ok) { const error = await failure(response); showError(error.error, error.path); return; }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = "mush." + format;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

async function loadExample(name) {
  if (!name) return;
  const response = await fetch("/examples/" + encodeURIComponent(name));
  if (!response.ok) { showError((await failure(response)).error, ""); return; }
  $("editor").value = await response.text();
  draw();
}

async function measure() {
  const text = $("mush-text").value, width = Number($("mush-width").value);
  $("mush-width-value").textContent = String(width);
  const [measured, parsed] = await Promise.all([
    post("/measure", JSON.stringify({ text, width })),
    post("/parse?format=html", text, "text/plain; charset=utf-8"),
  ]);
  const list = $("mush-lines");
  list.replaceChildren();
  if (measured.ok) {
    for (const line of (await measured.json()).lines) {
      const item = document.createElement("li");
      item.textContent = line.text + "  (" + line.width.toFixed(1) + " × " + line.height.toFixed(1) + ")";
      list.appendChild(item);
    }
  }
  if (parsed.ok) {
    const html = await parsed.text();
    $("mush-html-source").textContent = html;
    $("mush-html").innerHTML = html; // the service's own HTML writer: text is escaped
  }
}

function selectTab(mush) {
  $("tab-boxes").setAttribute("aria-selected", String(!mush));
  $("tab-mush").setAttribute("aria-selected", String(mush));
  $("boxes-tab").style.display = mush ? "none" : "grid";
  $("mush-tab").style.display = mush ? "grid" : "none";
  if (mush) measure();
}

async function start() {
  $("editor").addEventListener("input", scheduleDraw);
  $("editor").addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    event.preventDefault();
    document.execCommand("insertText", false, "  ");
  });
  $("examples").addEventListener("change", (event) => loadExample(event.target.value));
  $("picture").addEventListener("mousemove", (event) => {
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => hover(event), 40);
  });
  $("picture").addEventListener("mouseleave", () => { $("outline").style.display = "none"; });
  $("download-png").addEventListener("click", () => download("png"));
  $("download-pdf").addEventListener("click", () => download("pdf"));
  $("tab-boxes").addEventListener("click", () => selectTab(false));
  $("tab-mush").addEventListener("click", () => selectTab(true));
  for (const id of ["mush-text", "mush-width"]) {
    $(id).addEventListener("input", () => { clearTimeout(mushTimer); mushTimer = setTimeout(measure, 150); });
  }
  let names = [];
  try { names = await (await fetch("/examples")).json(); } catch (e) { names = []; }
  for (const name of names) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    $("examples").appendChild(option);
  }
  // The document in the link, else the first example, else a box.
  const fragment = new URLSearchParams(location.hash.slice(1)).get("doc");
  if (fragment !== null) {
    $("editor").value = fragment;
    draw();
  } else if (names.length) {
    $("examples").value = names.includes("card.json") ? "card.json" : names[0];
    loadExample($("examples").value);
  } else {
    $("editor").value = '{"width": 200, "height": 100, "backgroundColor": "#2f6fd6", "cornerRadius": 12}';
    draw();
  }
}

start();
