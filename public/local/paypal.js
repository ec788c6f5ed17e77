/*
 * A local stand-in for the PayPal JS SDK (docs/decisions/0123-paypal-vault-and-stand-in.md), served when no
 * PayPal keys are configured, so the payment page never loads www.paypal.com. @paypal/react-paypal-js
 * loads it from PAYPAL_SDK_URL like the real SDK (query: client-id, currency, components, enable-funding).
 * It offers what the app uses: paypal.Buttons({ style, createVaultSetupToken, onApprove, onCancel,
 * onError, onInit }) with isEligible / render / close / updateProps, and drives the real callbacks:
 * a click asks createVaultSetupToken for a setup token, "PayPal's window" (a dialog) lets the payer
 * approve it with an email address (the local REST stand-in records it through /local/paypal-api) or
 * cancel; approval calls onApprove({ vaultSetupToken }), whose failure reaches onError as with PayPal.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var src = new URL((script && script.src) || location.href, location.href);
  var apiBase = (script && script.getAttribute("data-api")) || "/local/paypal-api";
  var clientId = src.searchParams.get("client-id");
  var funding = (src.searchParams.get("enable-funding") || "").split(",");
  if (!clientId) throw new Error("PayPal SDK: client-id is required");

  var STYLE_ID = "local-paypal-style";
  function addStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement("style");
    style.id = STYLE_ID;
    style.textContent = [
      ".local-paypal{display:flex;flex-wrap:wrap;gap:8px;width:100%}",
      ".local-paypal__button{flex:1 1 200px;min-height:45px;border:0;border-radius:4px;font:600 17px/1.2 system-ui,sans-serif;cursor:pointer}",
      ".local-paypal__button--blue{background:#0070ba;color:#fff}",
      ".local-paypal__button--gold{background:#ffc439;color:#111}",
      ".local-paypal__button--card{background:#2c2e2f;color:#fff}",
      ".local-paypal__button:focus-visible{outline:3px solid #003087;outline-offset:2px}",
      ".local-paypal__button[disabled]{opacity:.5;cursor:not-allowed}",
      ".local-paypal-window{position:fixed;inset:0;z-index:1000;display:grid;place-items:center;background:rgba(0,0,0,.5);padding:16px}",
      ".local-paypal-window__box{background:#fff;color:#2c2e2f;max-width:420px;width:100%;border-radius:8px;padding:24px;font:16px/1.45 system-ui,sans-serif;box-shadow:0 8px 32px rgba(0,0,0,.3)}",
      ".local-paypal-window__box h2{margin:0 0 8px;font-size:20px;color:#003087}",
      ".local-paypal-window__box label{display:block;font-weight:600;margin-top:12px}",
      ".local-paypal-window__box input{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px;font:inherit;border:1px solid #6c7378;border-radius:4px}",
      ".local-paypal-window__box small{display:block;color:#505559;margin-top:6px}",
      ".local-paypal-window__error{color:#b00020;margin-top:8px}",
      ".local-paypal-window__actions{display:flex;gap:8px;margin-top:16px;flex-wrap:wrap}",
      ".local-paypal-window__actions button{flex:1 1 140px;min-height:44px;border-radius:22px;font:600 16px system-ui,sans-serif;cursor:pointer}",
      ".local-paypal-window__approve{background:#0070ba;color:#fff;border:0}",
      ".local-paypal-window__cancel{background:#fff;color:#003087;border:2px solid #003087}",
    ].join("\n");
    document.head.appendChild(style);
  }

  function approve(token, email) {
    return fetch(apiBase + "/v3/vault/setup-tokens/" + encodeURIComponent(token) + "/approve", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: email }),
    }).then(
      function (response) {
        return response.json().then(function (json) {
          return { ok: response.ok, json: json };
        });
      },
      function () {
        return { ok: false, json: { message: "PayPal could not be reached." } };
      },
    );
  }

  /** "PayPal's window": resolves { approved: true } or { cancelled: true }. */
  function payerWindow(token, fundingSource) {
    return new Promise(function (resolve) {
      var opener = document.activeElement;
      var overlay = document.createElement("div");
      overlay.className = "local-paypal-window";
      var box = document.createElement("div");
      box.className = "local-paypal-window__box";
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-modal", "true");
      box.setAttribute("aria-labelledby", "local-paypal-title");
      var title = document.createElement("h2");
      title.id = "local-paypal-title";
      title.textContent = fundingSource === "card" ? "PayPal: pay with a debit or credit card" : "Log in to PayPal";
      var text = document.createElement("p");
      text.textContent = "Pawroute asks to save your PayPal account for this and future payments of your subscription. (Local stand-in: nothing is charged.)";
      var label = document.createElement("label");
      label.htmlFor = "local-paypal-email";
      label.textContent = "PayPal email";
      var input = document.createElement("input");
      input.id = "local-paypal-email";
      input.type = "email";
      input.autocomplete = "email";
      input.value = "buyer@paypal.test";
      label.appendChild(input);
      var hint = document.createElement("small");
      hint.textContent = "declined@paypal.test: every payment declined; renewal-declined@paypal.test: renewals declined.";
      var error = document.createElement("p");
      error.className = "local-paypal-window__error";
      error.setAttribute("role", "alert");
      var actions = document.createElement("div");
      actions.className = "local-paypal-window__actions";
      var ok = document.createElement("button");
      ok.type = "button";
      ok.className = "local-paypal-window__approve";
      ok.textContent = "Agree and continue";
      var cancel = document.createElement("button");
      cancel.type = "button";
      cancel.className = "local-paypal-window__cancel";
      cancel.textContent = "Cancel and return to Pawroute";
      actions.appendChild(ok);
      actions.appendChild(cancel);
      box.appendChild(title);
      box.appendChild(text);
      box.appendChild(label);
      box.appendChild(hint);
      box.appendChild(error);
      box.appendChild(actions);
      overlay.appendChild(box);
      document.body.appendChild(overlay);
      input.focus();

      function finish(outcome) {
        document.removeEventListener("keydown", onKey, true);
        overlay.remove();
        if (opener && typeof opener.focus === "function") opener.focus();
        resolve(outcome);
      }
      function onKey(event) {
        if (event.key === "Escape") finish({ cancelled: true });
        if (event.key === "Tab") {
          var stops = [input, ok, cancel];
          var at = stops.indexOf(document.activeElement);
          var next = (at + (event.shiftKey ? stops.length - 1 : 1)) % stops.length;
          event.preventDefault();
          stops[at === -1 ? 0 : next].focus();
        }
      }
      document.addEventListener("keydown", onKey, true);
      cancel.addEventListener("click", function () {
        finish({ cancelled: true });
      });
      ok.addEventListener("click", function () {
        ok.disabled = true;
        error.textContent = "";
        approve(token, input.value.trim()).then(function (answer) {
          if (answer.ok) return finish({ approved: true });
          ok.disabled = false;
          error.textContent = (answer.json && answer.json.message) || "PayPal could not approve this.";
        });
      });
    });
  }

  function Buttons(options) {
    options = options || {};
    var nodes = [];
    var disabled = false;
    var busy = false;
    var style = options.style || {};

    function setDisabled(value) {
      disabled = value;
      nodes.forEach(function (node) {
        node.disabled = value || busy;
      });
      return Promise.resolve();
    }

    function fail(error) {
      if (typeof options.onError === "function") options.onError(error);
      else console.error(error);
    }

    function start(fundingSource) {
      if (disabled || busy) return;
      busy = true;
      setDisabled(disabled);
      var token = null;
      Promise.resolve()
        .then(function () {
          if (typeof options.onClick === "function") return options.onClick({ fundingSource: fundingSource }, { resolve: Promise.resolve.bind(Promise), reject: Promise.reject.bind(Promise) });
        })
        .then(function () {
          if (typeof options.createVaultSetupToken !== "function") throw new Error("PayPal SDK: createVaultSetupToken is required for the vault flow");
          return options.createVaultSetupToken();
        })
        .then(function (id) {
          if (typeof id !== "string" || !id) throw new Error("PayPal SDK: createVaultSetupToken must answer a token id");
          token = id;
          return payerWindow(id, fundingSource);
        })
        .then(function (outcome) {
          if (outcome.cancelled) {
            if (typeof options.onCancel === "function") return options.onCancel({ vaultSetupToken: token });
            return undefined;
          }
          return options.onApprove({ vaultSetupToken: token, orderID: "", payerID: "LOCALPAYER", paymentSource: fundingSource }, {});
        })
        .catch(fail)
        .then(function () {
          busy = false;
          setDisabled(disabled);
        });
    }

    function button(fundingSource) {
      var node = document.createElement("button");
      node.type = "button";
      if (fundingSource === "card") {
        node.className = "local-paypal__button local-paypal__button--card";
        node.textContent = "Debit or Credit Card";
      } else {
        node.className = "local-paypal__button local-paypal__button--" + (style.color === "blue" ? "blue" : "gold");
        node.textContent = style.label === "paypal" || !style.label ? "PayPal" : "PayPal " + style.label;
      }
      node.addEventListener("click", function () {
        start(fundingSource);
      });
      return node;
    }

    return {
      isEligible: function () {
        return true;
      },
      render: function (container) {
        var target = typeof container === "string" ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error("PayPal SDK: the container does not exist"));
        addStyle();
        var wrap = document.createElement("div");
        wrap.className = "local-paypal";
        nodes = [button("paypal")];
        // Card funding allowed (enable-funding=card) and no tagline: a second button beside it.
        if (funding.indexOf("card") !== -1 && style.layout !== "vertical") nodes.push(button("card"));
        nodes.forEach(function (node) {
          wrap.appendChild(node);
        });
        target.appendChild(wrap);
        if (typeof options.onInit === "function") options.onInit({}, { enable: function () { return setDisabled(false); }, disable: function () { return setDisabled(true); } });
        return Promise.resolve();
      },
      updateProps: function () {
        return Promise.resolve();
      },
      close: function () {
        nodes.forEach(function (node) {
          if (node.parentNode && node.parentNode.parentNode) node.parentNode.remove();
        });
        nodes = [];
        return Promise.resolve();
      },
      hasReturned: function () {
        return false;
      },
      resume: function () {},
    };
  }

  window.paypal = { version: "5.0.0-local", FUNDING: { PAYPAL: "paypal", CARD: "card" }, Buttons: Buttons };
})();
