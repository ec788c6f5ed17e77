/*
 * A local stand-in for Stripe.js (docs/decisions/0121-local-payment-stand-ins.md), served when no Stripe key
 * is configured, so the payment page never loads https://js.stripe.com. It offers what the app uses:
 * Stripe(key).elements().create("card"), confirmCardSetup, handleCardAction / confirmCardPayment and
 * paymentRequest (a pretend wallet, see LocalPaymentRequest), talking to the local Stripe API stand-in
 * through the app (/local/stripe-api).
 * The card "element" is three labelled inputs; extra authentication is a dialog of a pretend bank.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var apiBase = (script && script.getAttribute("data-api")) || "/local/stripe-api";

  function post(key, path, fields) {
    var body = new URLSearchParams(fields).toString();
    return fetch(apiBase + path, {
      method: "POST",
      headers: { Authorization: "Bearer " + key, "Content-Type": "application/x-www-form-urlencoded" },
      body: body,
    }).then(function (response) {
      return response.json().then(function (json) {
        return { ok: response.ok, json: json };
      });
    }, function () {
      return { ok: false, json: { error: { type: "api_connection_error", message: "Could not reach the card provider." } } };
    });
  }

  function idOf(clientSecret) {
    return String(clientSecret).split("_secret_")[0];
  }

  function brandOf(number) {
    if (/^4/.test(number)) return "visa";
    if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
    if (/^3[47]/.test(number)) return "amex";
    if (/^(5018|5020|5038|6304|67)/.test(number)) return "maestro";
    return "unknown";
  }

  function validation(code, message, param) {
    return { type: "validation_error", code: code, message: message, param: param };
  }

  function CardElement(options) {
    this.type = "card";
    this.options = options || {};
    this.handlers = {};
    this.node = null;
  }
  CardElement.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (event, handler) {
    this.handlers[event] = (this.handlers[event] || []).filter(function (h) {
      return h !== handler;
    });
    return this;
  };
  CardElement.prototype.emit = function (event, payload) {
    (this.handlers[event] || []).forEach(function (h) {
      h(payload);
    });
  };
  CardElement.prototype.field = function (name, label, autocomplete, placeholder, width) {
    var id = "local-card-" + name + "-" + Math.random().toString(36).slice(2, 8);
    var wrap = document.createElement("div");
    wrap.className = "local-card__field local-card__field--" + width;
    var labelNode = document.createElement("label");
    labelNode.htmlFor = id;
    labelNode.textContent = label;
    var input = document.createElement("input");
    input.id = id;
    input.name = "card-" + name;
    input.inputMode = "numeric";
    input.autocomplete = autocomplete;
    input.placeholder = placeholder;
    input.setAttribute("data-card", name);
    wrap.appendChild(labelNode);
    wrap.appendChild(input);
    return { wrap: wrap, input: input };
  };
  CardElement.prototype.mount = function (target) {
    var node = typeof target === "string" ? document.querySelector(target) : target;
    this.node = node;
    var box = document.createElement("div");
    box.className = "local-card";
    this.number = this.field("number", "Card number", "cc-number", "1234 1234 1234 1234", "wide");
    this.expiry = this.field("expiry", "Expiry date (MM / YY)", "cc-exp", "MM / YY", "half");
    this.cvc = this.field("cvc", "Security code (CVC)", "cc-csc", "CVC", "half");
    [this.number, this.expiry, this.cvc].forEach((f) => {
      box.appendChild(f.wrap);
      f.input.addEventListener("input", () => {
        var digits = this.number.input.value.replace(/\D/g, "");
        this.emit("change", { elementType: "card", empty: !digits, complete: this.details().error === null, brand: brandOf(digits), error: undefined });
      });
      f.input.addEventListener("focus", () => this.emit("focus", { elementType: "card" }));
      f.input.addEventListener("blur", () => this.emit("blur", { elementType: "card" }));
    });
    var note = document.createElement("p");
    note.className = "local-card__note";
    note.textContent = "Local test payments: nothing is charged. Use a test card such as 4242 4242 4242 4242.";
    box.appendChild(note);
    node.appendChild(box);
    setTimeout(() => this.emit("ready", { elementType: "card" }), 0);
  };
  CardElement.prototype.details = function () {
    var number = this.number ? this.number.input.value.replace(/[\s-]/g, "") : "";
    var expiry = this.expiry ? this.expiry.input.value.replace(/\s/g, "") : "";
    var cvc = this.cvc ? this.cvc.input.value.trim() : "";
    if (!/^\d{12,19}$/.test(number)) return { error: validation("invalid_number", "Your card number is invalid.", "number") };
    var match = /^(\d{1,2})\/?(\d{2})$/.exec(expiry);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) return { error: validation("incomplete_expiry", "Your card's expiration date is incomplete.", "exp") };
    var month = Number(match[1]);
    var year = 2000 + Number(match[2]);
    var now = new Date();
    if (year < now.getFullYear()) return { error: validation("invalid_expiry_year_past", "Your card's expiration year is in the past.", "exp_year") };
    if (year === now.getFullYear() && month < now.getMonth() + 1) return { error: validation("invalid_expiry_month_past", "Your card's expiration date is in the past.", "exp_month") };
    if (!/^\d{3,4}$/.test(cvc)) return { error: validation("invalid_cvc", "Your card's security code is invalid.", "cvc") };
    return { error: null, number: number, month: month, year: year, cvc: cvc };
  };
  CardElement.prototype.update = function (options) { this.options = Object.assign(this.options, options); };
  CardElement.prototype.focus = function () { if (this.number) this.number.input.focus(); };
  CardElement.prototype.blur = function () {};
  CardElement.prototype.clear = function () {
    [this.number, this.expiry, this.cvc].forEach(function (f) { if (f) f.input.value = ""; });
  };
  CardElement.prototype.unmount = function () { if (this.node) this.node.innerHTML = ""; };
  CardElement.prototype.destroy = CardElement.prototype.unmount;

  /** The pretend bank's authentication page, as a modal dialog. */
  function authenticate(key, clientSecret) {
    return new Promise(function (resolve) {
      var dialog = document.createElement("dialog");
      dialog.className = "local-bank";
      dialog.setAttribute("aria-labelledby", "local-bank-title");
      dialog.innerHTML =
        '<h2 id="local-bank-title">Authenticate this payment</h2>' +
        "<p>Local test bank: a real bank would ask you to confirm the payment here (3-D Secure).</p>" +
        '<div class="local-bank__actions"><button type="button" class="button button--accent" value="complete">Complete authentication</button> ' +
        '<button type="button" class="button button--ghost" value="fail">Fail authentication</button></div>';
      document.body.appendChild(dialog);
      dialog.querySelectorAll("button").forEach(function (button) {
        button.addEventListener("click", function () {
          dialog.close();
          dialog.remove();
          post(key, "/v1/payment_intents/" + idOf(clientSecret) + "/authenticate", { client_secret: clientSecret, outcome: button.value }).then(function (result) {
            resolve(result.ok ? { paymentIntent: result.json } : { error: result.json.error });
          });
        });
      });
      dialog.addEventListener("cancel", function (event) { event.preventDefault(); });
      dialog.showModal();
    });
  }

  /*
   * The wallet (Apple Pay / Google Pay). A browser "has" one only when the page sets
   * window.LocalStripeWallet = { type: "applePay" | "googlePay", card?: "4242…" } before this script runs
   * (tests do it with an init script); otherwise canMakePayment answers null, as on a browser without one.
   * show() opens the pretend wallet sheet; Pay creates a card payment method and emits "paymentmethod".
   */
  function LocalPaymentRequest(key, options) {
    options = options || {};
    if (options.country !== "GB" && options.country !== "FR") throw new Error("paymentRequest: country must be a two-letter code such as GB.");
    if (!/^[a-z]{3}$/.test(options.currency || "")) throw new Error("paymentRequest: currency must be a lowercase ISO code such as gbp.");
    if (!options.total || !Number.isInteger(options.total.amount) || options.total.amount < 0) throw new Error("paymentRequest: total.amount must be an integer in the smallest currency unit.");
    this.key = key;
    this.options = options;
    this.handlers = {};
  }
  LocalPaymentRequest.prototype.wallet = function () {
    var wallet = window.LocalStripeWallet;
    return wallet && (wallet.type === "applePay" || wallet.type === "googlePay") ? wallet : null;
  };
  /**
   * Whether the page may use the browser's Payment Request API, as Stripe.js's own check does: a page
   * whose Permissions-Policy refuses `payment` throws SecurityError here, and no wallet is offered.
   */
  LocalPaymentRequest.prototype.browserAllows = function () {
    if (typeof window.PaymentRequest !== "function") return false;
    try {
      new window.PaymentRequest([{ supportedMethods: "basic-card" }], { total: { label: "Pawroute", amount: { currency: this.options.currency.toUpperCase(), value: (this.options.total.amount / 100).toFixed(2) } } });
      return true;
    } catch {
      return false;
    }
  };
  LocalPaymentRequest.prototype.canMakePayment = function () {
    var wallet = this.wallet();
    return Promise.resolve(wallet && this.browserAllows() ? { applePay: wallet.type === "applePay", googlePay: wallet.type === "googlePay", link: false } : null);
  };
  LocalPaymentRequest.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };
  LocalPaymentRequest.prototype.off = function (event, handler) {
    this.handlers[event] = handler ? (this.handlers[event] || []).filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  LocalPaymentRequest.prototype.emit = function (event, payload) {
    (this.handlers[event] || []).forEach(function (h) { h(payload); });
  };
  LocalPaymentRequest.prototype.update = function (options) { this.options = Object.assign({}, this.options, options); };
  LocalPaymentRequest.prototype.show = function () {
    var wallet = this.wallet();
    if (!wallet) throw new Error("paymentRequest.show: no wallet is available (check canMakePayment first).");
    var name = wallet.type === "applePay" ? "Apple Pay" : "Google Pay";
    var total = this.options.total;
    var amount = (total.amount / 100).toFixed(2);
    var dialog = document.createElement("dialog");
    dialog.className = "local-bank";
    dialog.setAttribute("aria-labelledby", "local-wallet-title");
    dialog.innerHTML = '<h2 id="local-wallet-title"></h2><p class="local-wallet__total"></p><p class="local-wallet__where"></p>' +
      '<div class="local-bank__actions"><button type="button" class="button button--accent" value="pay">Pay</button> <button type="button" class="button button--quiet" value="cancel">Cancel</button></div>';
    dialog.querySelector("h2").textContent = name + " (local test wallet)";
    dialog.querySelector(".local-wallet__total").textContent = total.label + ": " + (this.options.currency === "gbp" ? "£" : this.options.currency.toUpperCase() + " ") + amount;
    dialog.querySelector(".local-wallet__where").textContent = "Country " + this.options.country + ", currency " + this.options.currency.toUpperCase() + ", amount " + total.amount + " (smallest unit).";
    document.body.appendChild(dialog);
    function close() {
      dialog.close();
      dialog.remove();
    }
    dialog.querySelectorAll("button").forEach((button) => {
      button.addEventListener("click", () => {
        close();
        if (button.value !== "pay") {
          this.emit("cancel", {});
          return;
        }
        var number = String(wallet.card || "4242424242424242");
        post(this.key, "/v1/payment_methods", { type: "card", "card[number]": number, "card[exp_month]": "12", "card[exp_year]": String(new Date().getFullYear() + 3), "card[cvc]": "123" }).then((result) => {
          if (!result.ok) {
            this.emit("cancel", {});
            return;
          }
          this.emit("paymentmethod", {
            paymentMethod: result.json,
            walletName: wallet.type,
            methodName: wallet.type,
            complete: (status) => { this.completed = status; },
          });
        });
      });
    });
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      close();
      this.emit("cancel", {});
    });
    dialog.showModal();
  };

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    var created = {};
    this._key = key;
    this.elements = function () {
      return {
        create: function (type, options) {
          if (type !== "card") throw new Error("The local Stripe.js stand-in offers the card element only.");
          created.card = new CardElement(options);
          return created.card;
        },
        getElement: function (type) {
          var name = typeof type === "string" ? type : type && type.__elementType;
          return created[name] || null;
        },
        update: function () {},
      };
    };
    this.confirmCardSetup = function (clientSecret, data) {
      // A wallet's payment method (by id) is attached as it is, as with Stripe.
      if (data && typeof data.payment_method === "string") {
        return post(key, "/v1/setup_intents/" + idOf(clientSecret) + "/confirm", { client_secret: clientSecret, payment_method: data.payment_method }).then(function (result) {
          return result.ok ? { setupIntent: result.json } : { error: result.json.error };
        });
      }
      var element = data && data.payment_method && data.payment_method.card;
      var details = element ? element.details() : { error: validation("invalid_number", "Your card number is invalid.", "number") };
      if (details.error) return Promise.resolve({ error: details.error });
      return post(key, "/v1/setup_intents/" + idOf(clientSecret) + "/confirm", {
        client_secret: clientSecret,
        "payment_method_data[type]": "card",
        "payment_method_data[card][number]": details.number,
        "payment_method_data[card][exp_month]": String(details.month),
        "payment_method_data[card][exp_year]": String(details.year),
        "payment_method_data[card][cvc]": details.cvc,
      }).then(function (result) {
        return result.ok ? { setupIntent: result.json } : { error: result.json.error };
      });
    };
    this.handleCardAction = function (clientSecret) { return authenticate(key, clientSecret); };
    this.confirmCardPayment = function (clientSecret) { return authenticate(key, clientSecret); };
    this.paymentRequest = function (options) { return new LocalPaymentRequest(key, options); };
    this.createToken = function () { return Promise.resolve({ error: validation("unsupported", "Not offered by the local stand-in.") }); };
    this.createPaymentMethod = this.createToken;
    this.registerAppInfo = function () {};
    this._registerWrapper = function () {};
  }
  window.Stripe = Stripe;
})();
