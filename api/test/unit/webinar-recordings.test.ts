// BigBlueButton's recordings: the signed getRecordings address and the reading of its answer,
// checked against the example response of BigBlueButton's API reference ("getRecordings":
// two recordings of one meeting, each with a podcast and a presentation playback).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { bbbCalls, bbbUrl, parseRecordings } from '../../src/areas/webinars/bbb.js';

/** The shared secret of the API reference's checksum example. */
const SECRET = '639259d4-9dd8-4b25-bf01-95f9567eaf4b';
const config = {
  url: 'https://bbb.example.com/bigbluebutton/api',
  secret: SECRET,
  algorithm: 'sha1',
} as const;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

const MEETING = 'c637ba21adcd0191f48f5c4bf23fab0f96ed5c18';
const FIRST = 'ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124';
const SECOND = 'ffbfc4cc24428694e8b53a4e144f414052431693-1530278898111';

/** The reference's example answer (the second recording's preview images left out). */
const DOCUMENTED_ANSWER = `<response>
   <returncode>SUCCESS</returncode>
   <recordings>
      <recording>
         <recordID>${FIRST}</recordID>
         <meetingID>${MEETING}</meetingID>
         <internalMeetingID>${FIRST}</internalMeetingID>
         <name>Fred's Room</name>
         <isBreakout>false</isBreakout>
         <published>true</published>
         <state>published</state>
         <startTime>1530718721124</startTime>
         <endTime>1530718810456</endTime>
         <participants>3</participants>
         <metadata>
            <isBreakout>false</isBreakout>
            <meetingName>Fred's Room</meetingName>
            <gl-listed>false</gl-listed>
            <meetingId>${MEETING}</meetingId>
         </metadata>
         <playback>
            <format>
               <type>podcast</type>
               <url>https://demo.bigbluebutton.org/podcast/${FIRST}/audio.ogg</url>
               <processingTime>0</processingTime>
               <length>0</length>
            </format>
            <format>
               <type>presentation</type>
               <url>https://demo.bigbluebutton.org/playback/presentation/2.0/playback.html?meetingId=${FIRST}</url>
               <processingTime>7177</processingTime>
               <length>0</length>
               <preview>
                  <images>
                     <image alt="Welcome to" height="136" width="176">https://demo.bigbluebutton.org/presentation/${FIRST}/presentation/d2d9a672040fbde2a47a10bf6c37b6a4b5ae187f-1530718721134/thumbnails/thumb-1.png</image>
                  </images>
               </preview>
            </format>
         </playback>
      </recording>
      <recording>
         <recordID>${SECOND}</recordID>
         <meetingID>${MEETING}</meetingID>
         <internalMeetingID>${SECOND}</internalMeetingID>
         <name>Fred's Room</name>
         <isBreakout>false</isBreakout>
         <published>true</published>
         <state>published</state>
         <startTime>1530278898111</startTime>
         <endTime>1530281194326</endTime>
         <participants>7</participants>
         <playback>
            <format>
               <type>podcast</type>
               <url>https://demo.bigbluebutton.org/podcast/${SECOND}/audio.ogg</url>
               <processingTime>0</processingTime>
               <length>33</length>
            </format>
            <format>
               <type>presentation</type>
               <url>https://demo.bigbluebutton.org/playback/presentation/2.0/playback.html?meetingId=${SECOND}</url>
               <processingTime>139458</processingTime>
               <length>33</length>
            </format>
         </playback>
      </recording>
   </recordings>
</response>`;

describe('BigBlueButton recordings', () => {
  test('the reference’s example requests, signed: one meeting, and two separated by a comma', () => {
    assert.equal(
      bbbUrl(config, 'getRecordings', { meetingID: 'CS101' }),
      `https://bbb.example.com/bigbluebutton/api/getRecordings?meetingID=CS101&checksum=${sha1(`getRecordingsmeetingID=CS101${SECRET}`)}`,
    );
    const both = new URL(bbbCalls(config).getRecordings(['CS101', 'CS102']));
    assert.equal(both.pathname, '/bigbluebutton/api/getRecordings');
    assert.equal(both.searchParams.get('meetingID'), 'CS101,CS102');
    // The checksum covers the query exactly as sent (the comma form-encoded).
    assert.equal(
      both.search,
      `?meetingID=CS101%2CCS102&checksum=${sha1(`getRecordingsmeetingID=CS101%2CCS102${SECRET}`)}`,
    );
  });

  test('the reference’s example answer: two recordings, oldest first, each with its playbacks', () => {
    const recordings = parseRecordings(DOCUMENTED_ANSWER);
    assert.deepEqual(recordings, [
      {
        recordId: SECOND,
        meetingId: MEETING,
        name: "Fred's Room",
        published: true,
        state: 'published',
        startTime: 1530278898111,
        endTime: 1530281194326,
        participants: 7,
        formats: [
          {
            type: 'podcast',
            url: `https://demo.bigbluebutton.org/podcast/${SECOND}/audio.ogg`,
            lengthMin: 33,
          },
          {
            type: 'presentation',
            url: `https://demo.bigbluebutton.org/playback/presentation/2.0/playback.html?meetingId=${SECOND}`,
            lengthMin: 33,
          },
        ],
      },
      {
        recordId: FIRST,
        meetingId: MEETING,
        name: "Fred's Room",
        published: true,
        state: 'published',
        startTime: 1530718721124,
        endTime: 1530718810456,
        participants: 3,
        formats: [
          {
            type: 'podcast',
            url: `https://demo.bigbluebutton.org/podcast/${FIRST}/audio.ogg`,
            lengthMin: 0,
          },
          {
            type: 'presentation',
            url: `https://demo.bigbluebutton.org/playback/presentation/2.0/playback.html?meetingId=${FIRST}`,
            lengthMin: 0,
          },
        ],
      },
    ]);
  });

  test('no recordings, a refusal, an answer that is no XML, and a playback that is no web address', () => {
    const none =
      '<response><returncode>SUCCESS</returncode><recordings></recordings><messageKey>noRecordings</messageKey><message>There are no recordings for the meeting(s).</message></response>';
    assert.deepEqual(parseRecordings(none), []);
    const refused =
      '<response><returncode>FAILED</returncode><messageKey>checksumError</messageKey><message>You did not pass the checksum security check</message></response>';
    assert.equal(parseRecordings(refused), null);
    assert.equal(parseRecordings(''), null);
    assert.equal(parseRecordings('<html><body>502 Bad Gateway'), null);
    const script = DOCUMENTED_ANSWER.replace(
      `https://demo.bigbluebutton.org/podcast/${FIRST}/audio.ogg`,
      'javascript:alert(1)',
    );
    const first = parseRecordings(script)!.find((r) => r.recordId === FIRST)!;
    assert.deepEqual(
      first.formats.map((f) => f.type),
      ['presentation'],
    );
  });
});
