//! A small W3C WebDriver client for the page's browser tests: Debian's
//! `chromedriver` (package `chromium-driver`) drives headless `chromium`.
//!
//! Why not a client crate: the async ones (`fantoccini`, `thirtyfour`) bring
//! tokio, and `ureq` brings some thirty crates (URL parsing with ICU) to a
//! test that sends a dozen JSON requests to a server on the loopback. The
//! protocol part is a handful of endpoints (session, url, execute, actions,
//! window rect, screenshot), each one JSON request and one JSON answer over
//! HTTP/1.1 with `Connection: close`; `serde_json` is already a dependency.

#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running chromedriver with one headless Chromium session; both end on
/// drop.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

/// The W3C key code of a key, for [`Browser::press`].
pub const ARROW_RIGHT: &str = "\u{E014}";
pub const ARROW_LEFT: &str = "\u{E012}";
pub const END: &str = "\u{E010}";
pub const HOME: &str = "\u{E011}";

impl Browser {
    /// Starts chromedriver on a free loopback port and a headless Chromium
    /// with a `width` × `height` window.
    pub fn start(width: u32, height: u32) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while browser.request("GET", "/status", None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver never answered");
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium_binary(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--hide-scrollbars",
                         format!("--window-size={width},{height}")]
            }
        }}});
        let answer = browser
            .request("POST", "/session", Some(&caps))
            .unwrap_or_else(|e| panic!("no browser session: {e}"));
        browser.session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session id in {answer}"))
            .to_string();
        browser
    }

    /// One WebDriver command: its `value`, or the error's text.
    fn request(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .map_err(|e| e.to_string())?;
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            self.port,
            body.len()
        );
        stream
            .write_all(head.as_bytes())
            .and_then(|_| stream.write_all(body.as_bytes()))
            .map_err(|e| e.to_string())?;
        // Read the header, then the body by its length (chromedriver may
        // keep the connection open).
        let mut raw = Vec::new();
        let mut buf = [0u8; 65536];
        let (split, headers) = loop {
            let n = stream.read(&mut buf).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("the connection closed before the header".into());
            }
            raw.extend_from_slice(&buf[..n]);
            if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break (
                    split,
                    String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase(),
                );
            }
        };
        let length = headers
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok());
        let chunked = headers.contains("transfer-encoding: chunked");
        loop {
            let body = &raw[split + 4..];
            let complete = match length {
                Some(len) => body.len() >= len,
                None if chunked => body.ends_with(b"0\r\n\r\n"),
                None => false,
            };
            if complete {
                break;
            }
            let n = stream.read(&mut buf).map_err(|e| e.to_string())?;
            if n == 0 {
                break;
            }
            raw.extend_from_slice(&buf[..n]);
        }
        let mut content = raw[split + 4..].to_vec();
        if chunked {
            content = unchunk(&content);
        }
        let answer: Value = serde_json::from_slice(&content)
            .map_err(|e| format!("{e}: {}", String::from_utf8_lossy(&content)))?;
        let value = answer.get("value").cloned().unwrap_or(Value::Null);
        if value.get("error").is_some() {
            return Err(format!("{method} {path}: {value}"));
        }
        Ok(value)
    }

    fn command(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let body = (method == "POST").then_some(&body);
        self.request(method, &path, body)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Opens a page.
    pub fn goto(&self, url: &str) {
        self.command("POST", "/url", json!({ "url": url }));
    }

    /// Runs `script` (a function body; `arguments` are `args`) and returns
    /// what it returns.
    pub fn eval(&self, script: &str, args: Value) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": args }),
        )
    }

    /// Runs `script` that calls `arguments[arguments.length - 1]` with its
    /// answer.
    pub fn eval_async(&self, script: &str, args: Value) -> Value {
        self.command(
            "POST",
            "/execute/async",
            json!({ "script": script, "args": args }),
        )
    }

    /// The element matching a CSS selector (its WebDriver reference).
    pub fn find(&self, css: &str) -> String {
        let v = self.command(
            "POST",
            "/element",
            json!({"using": "css selector", "value": css}),
        );
        v.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    /// Clicks the element matching `css` as a user would.
    pub fn click(&self, css: &str) {
        let id = self.find(css);
        self.command("POST", &format!("/element/{id}/click"), json!({}));
    }

    /// Presses and releases a key (a W3C key code such as [`ARROW_RIGHT`]).
    pub fn press(&self, key: &str) {
        self.command(
            "POST",
            "/actions",
            json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
            ]}]}),
        );
    }

    /// Nothing is wider than the window.
    pub fn assert_fits(&self, what: &str) {
        let v = self.eval(
            "var d = document.documentElement; var wide = [];\
             document.querySelectorAll('body *').forEach(function (e) {\
               var r = e.getBoundingClientRect(); if (r.right > d.clientWidth + 1 && !e.closest('.scroll')) wide.push(e.tagName + '.' + e.className);\
             });\
             return [d.scrollWidth, d.clientWidth, wide.slice(0, 5)];",
            json!([]),
        );
        let (scroll, client) = (v[0].as_u64().unwrap(), v[1].as_u64().unwrap());
        assert!(
            scroll <= client,
            "{what}: the page is {scroll} px wide in a {client} px window; too wide: {}",
            v[2]
        );
        assert!(v[2].as_array().unwrap().is_empty(), "{what}: {}", v[2]);
    }

    /// No word of the page's prose (code aside) is broken across two lines, and
    /// no table reaches past the window (none is cut off). A line may end
    /// after a hyphen or a slash (`arco-vertical`, a path): the parts
    /// between them are the words.
    pub fn assert_no_word_broken(&self, what: &str) {
        let v = self.eval(
            "var broken = []; var w = document.documentElement.clientWidth;\
             var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);\
             while (walk.nextNode()) { var n = walk.currentNode;\
               if (n.parentElement.closest('code,pre,svg,style')) continue;\
               var re = /[^\\s/-]+/g, m; while ((m = re.exec(n.data))) {\
                 var r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);\
                 var tops = {}; Array.from(r.getClientRects()).forEach(function (c) { if (c.width > 0) tops[Math.round(c.top)] = 1; });\
                 if (Object.keys(tops).length > 1) broken.push(m[0]); } }\
             var cut = Array.from(document.querySelectorAll('table')).filter(function (t) { return t.getBoundingClientRect().right > w + 1; }).length;\
             return [broken.slice(0, 8), cut];",
            json!([]),
        );
        assert_eq!(v[0], json!([]), "{what}: words broken inside");
        assert_eq!(v[1], 0, "{what}: tables cut off");
    }

    /// Fails unless the screenshot `png` (base64) has at least `colours`
    /// colours and no colour covers 92 % of it: a blank or broken render.
    pub fn assert_not_blank(&self, png: &str, what: &str, colours: u64) {
        let (n, dominant) = self.picture_stats(png);
        assert!(
            n >= colours && dominant < 0.92,
            "{what}: a blank or broken render ({n} colours, the commonest {:.0} %)",
            100.0 * dominant
        );
    }

    /// Resizes the window.
    pub fn resize(&self, width: u32, height: u32) {
        self.command(
            "POST",
            "/window/rect",
            json!({"width": width, "height": height}),
        );
    }

    /// A PNG of the window, base64 as WebDriver sends it.
    pub fn screenshot_base64(&self) -> String {
        self.command("GET", "/screenshot", Value::Null)
            .as_str()
            .expect("a base64 screenshot")
            .to_string()
    }

    /// A PNG of one element, base64.
    pub fn element_screenshot_base64(&self, css: &str) -> String {
        let id = self.find(css);
        self.command("GET", &format!("/element/{id}/screenshot"), Value::Null)
            .as_str()
            .expect("a base64 screenshot")
            .to_string()
    }

    /// How a screenshot looks, measured by the browser itself (the PNG
    /// decoded on a canvas): `[distinct colours (4 bits a channel), the
    /// share of the most common colour]`. A blank or failed render is one
    /// colour or nearly.
    pub fn picture_stats(&self, png_base64: &str) -> (u64, f64) {
        let v = self.eval_async(
            "var done = arguments[arguments.length - 1];\
             var img = new Image();\
             img.onload = function () {\
               var c = document.createElement('canvas'); c.width = img.width; c.height = img.height;\
               var x = c.getContext('2d'); x.drawImage(img, 0, 0);\
               var d = x.getImageData(0, 0, c.width, c.height).data, counts = new Map(), n = 0;\
               for (var i = 0; i < d.length; i += 4) {\
                 var k = (d[i] >> 4) * 256 + (d[i + 1] >> 4) * 16 + (d[i + 2] >> 4);\
                 counts.set(k, (counts.get(k) || 0) + 1); n++;\
               }\
               var top = 0; counts.forEach(function (v) { top = Math.max(top, v); });\
               done([counts.size, top / n]);\
             };\
             img.onerror = function () { done([0, 1]); };\
             img.src = 'data:image/png;base64,' + arguments[0];",
            json!([png_base64]),
        );
        (v[0].as_u64().unwrap_or(0), v[1].as_f64().unwrap_or(1.0))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.request("DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The Chromium program chromedriver starts (the one on the PATH).
fn chromium_binary() -> String {
    std::env::var_os("PATH")
        .and_then(|path| {
            std::env::split_paths(&path)
                .map(|d| d.join("chromium"))
                .find(|p| p.is_file())
        })
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "chromium".into())
}

/// The body of a chunked HTTP answer.
fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&data[..end])
                .split(';')
                .next()
                .unwrap_or("0")
                .trim(),
            16,
        )
        .unwrap_or(0);
        if size == 0 || data.len() < end + 2 + size {
            break;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[(end + 4 + size).min(data.len())..];
    }
    out
}

/// Decodes standard base64 (screenshots, to save them as PNG files).
/// Whether the screenshots are saved for the README (`TABULA_UPDATE_DOCS=1`).
pub fn updating_docs() -> bool {
    std::env::var_os("TABULA_UPDATE_DOCS").is_some_and(|v| v == "1")
}

/// Saves the screenshot `png` (base64) as `docs/<name>.png` when
/// [`updating_docs`]; does nothing otherwise.
pub fn save_for_docs(name: &str, png: &str) {
    if updating_docs() {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../docs")
            .join(format!("{name}.png"));
        std::fs::write(&file, base64_decode(png)).unwrap();
    }
}

pub fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let digits: Vec<u32> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (k, d)| n | d << (18 - 6 * k));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    out
}
