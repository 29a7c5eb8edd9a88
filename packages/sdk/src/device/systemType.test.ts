import { describe, expect, it } from 'vitest';
import { detectSystemType } from './systemType.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD_OS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';

describe('system type', () => {
  it('is web in any plain browser, whatever the device', () => {
    for (const ua of [CHROME, ANDROID_PHONE, IPHONE]) expect(detectSystemType(ua).systemType).toBe('web');
    expect(detectSystemType(ANDROID_PHONE).deviceType).toBe('android');
    expect(detectSystemType(IPHONE).deviceType).toBe('ios');
    expect(detectSystemType(CHROME).deviceType).toBe('pc');
  });

  it('picks pc, pad or mobile app inside a shell', () => {
    expect(detectSystemType(CHROME, { isDeviceShell: true }).systemType).toBe('dsidealschoolplatform');
    expect(detectSystemType(ANDROID_TABLET, { isDeviceShell: true }).systemType).toBe('idealclass');
    expect(detectSystemType(IPAD_OS, { isDeviceShell: true }, 5)).toMatchObject({ deviceType: 'ios', systemType: 'idealclass' });
    expect(detectSystemType(ANDROID_PHONE, { isDeviceShell: true })).toMatchObject({ kind: 'mobileApp', systemType: 'ideallecture' });
    expect(detectSystemType(CHROME, { shell: 'ppt' }).systemType).toBe('dsaddin01');
  });

  it('recognises a shell that names itself in the user agent', () => {
    expect(detectSystemType(`${IPHONE} ideallecture/3.2`)).toMatchObject({ isDeviceShell: true, systemType: 'ideallecture' });
  });
});
