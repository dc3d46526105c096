/* global document, navigator, window */
/*
 * The administration area's copy buttons: a secret shown once gets a "Copy" button that puts it on the clipboard.
 * Without this script the button stays hidden and the secret is plain selectable text.
 */
(function () {
  'use strict';

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    // Plain http outside localhost has no Clipboard API: select the text and use the older command.
    return new Promise(function (resolve, reject) {
      var area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.className = 'visually-hidden';
      document.body.appendChild(area);
      area.select();
      var done = document.execCommand('copy');
      document.body.removeChild(area);
      if (done) resolve();
      else reject(new Error('copy refused'));
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('button[data-copy]').forEach(function (button) {
      var source = document.getElementById(button.getAttribute('data-copy'));
      if (!source) return;
      var status = button.parentNode.querySelector('.copy-status');
      button.hidden = false;
      button.addEventListener('click', function () {
        copyText(source.textContent).then(
          function () {
            if (status) status.textContent = 'Copied to the clipboard.';
          },
          function () {
            if (status) status.textContent = 'Could not copy: select the text and copy it yourself.';
          },
        );
      });
    });
  });
})();
