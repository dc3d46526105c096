/* global document, window, fetch, FormData, DOMParser, URLSearchParams, setInterval */
/*
 * Progressive enhancement for the governance console; every page works without it.
 * - SLA countdowns tick every 30 s.
 * - Action forms (data-enhance) post in the background and swap in the decision page's new content, moving focus
 *   to the message that says what happened; without this script the same forms post and the server redirects.
 */
(function () {
  'use strict';

  function relative(ms) {
    var minutes = Math.round(Math.abs(ms) / 60000);
    var days = Math.floor(minutes / 1440);
    var hours = Math.floor((minutes % 1440) / 60);
    var mins = minutes % 60;
    return days > 0 ? days + ' d ' + hours + ' h' : hours > 0 ? hours + ' h ' + mins + ' min' : mins + ' min';
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll('.countdown[data-deadline]').forEach(function (el) {
      var due = Date.parse(el.getAttribute('data-deadline'));
      if (isNaN(due)) return;
      var left = due - now;
      el.classList.toggle('overdue', left <= 0);
      el.textContent = '';
      if (left <= 0) {
        var strong = document.createElement('strong');
        strong.textContent = 'Overdue';
        el.appendChild(strong);
        el.appendChild(document.createTextNode(' by ' + relative(left)));
      } else {
        el.appendChild(document.createTextNode('Due in ' + relative(left)));
      }
    });
  }

  function enhance(root) {
    root.querySelectorAll('form[data-enhance]').forEach(function (form) {
      form.addEventListener('submit', function (event) {
        var submitter = event.submitter;
        var body = new URLSearchParams(new FormData(form));
        if (submitter && submitter.name) body.set(submitter.name, submitter.value);
        event.preventDefault();
        form.querySelectorAll('button').forEach(function (b) {
          b.disabled = true;
        });
        // getAttribute: the buttons are named "action", which shadows form.action.
        fetch(form.getAttribute('action'), {
          method: 'POST',
          body: body,
          credentials: 'same-origin',
          headers: { 'X-Console-Enhanced': '1' },
        })
          .then(function (response) {
            return response.text().then(function (text) {
              return { response: response, text: text };
            });
          })
          .then(function (result) {
            var doc = new DOMParser().parseFromString(result.text, 'text/html');
            var next = doc.querySelector('main');
            if (!next) throw new Error('no page');
            var main = document.querySelector('main');
            main.innerHTML = next.innerHTML;
            if (result.response.redirected) window.history.replaceState(null, '', result.response.url);
            enhance(main);
            tick();
            var notice = main.querySelector('.notice');
            (notice || main).focus();
          })
          .catch(function (error) {
            if (window.console) window.console.warn('console: falling back to a plain form post', error);
            // Fall back to the plain form post, with the button that was pressed.
            if (submitter && submitter.name) {
              var input = document.createElement('input');
              input.type = 'hidden';
              input.name = submitter.name;
              input.value = submitter.value;
              form.appendChild(input);
            }
            form.submit();
          });
      });
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    tick();
    setInterval(tick, 30000);
    enhance(document);
  });
})();
