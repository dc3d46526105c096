import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvField, csvRecord } from '../../core/csv';

describe('RFC 4180 CSV writing', () => {
  it('leaves plain fields as they are', () => {
    assert.equal(csvField('api_key.created'), 'api_key.created');
    assert.equal(csvField(''), '');
    assert.equal(csvField("it's 'single' quoted"), "it's 'single' quoted");
  });

  it('quotes fields with a comma, a double quote, CR or LF, doubling the quotes', () => {
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('"'), '""""');
    assert.equal(csvField('line\nbreak'), '"line\nbreak"');
    assert.equal(csvField('carriage\rreturn'), '"carriage\rreturn"');
    assert.equal(csvField('{"role":"admin","x":1}'), '"{""role"":""admin"",""x"":1}"');
  });

  it('ends every record with CRLF', () => {
    assert.equal(csvRecord(['a', 'b,c', '']), 'a,"b,c",\r\n');
    assert.equal(csvRecord([]), '\r\n');
  });
});
