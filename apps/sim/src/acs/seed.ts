// The demo ACS's devices, as GenieACS keeps them: one MongoDB document per CPE, parameters as nested
// objects with `_value`, `_type`, `_timestamp` and `_writable`, objects and instances with `_object`.

/**
 * The issuer and ES256 (P-256) key the demo provider signs its NBI calls with. The sim checks the
 * signature with the public half; the portal's seed stores the private half as the tenant's ACS key.
 */
export const DEMO_ACS = {
  issuer: 'central-demo',
  privateKey: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgA/vbwnh5stk4gvwk
2FzZJUG70209XRHU76J/0QD1NLChRANCAASBki6MIKdTH9DepsY5g4zoLNDlchji
jil0OGiZl32wjAU8mAUZFgKEH5qbb+lYkfwGYeqv6O4OgQkwBlSDp0CY
-----END PRIVATE KEY-----
`,
  publicKey: `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEgZIujCCnUx/Q3qbGOYOM6CzQ5XIY
4o4pdDhomZd9sIwFPJgFGRYChB+am2/pWJH8BmHqr+juDoEJMAZUg6dAmA==
-----END PUBLIC KEY-----
`,
} as const;

/** The seeded devices of the `demo` instance: GenieACS ids, serials and the PPPoE login each answers to. */
export const ACS_DEMO = {
  /** Huawei EG8145V5, TR-098, online: WLANConfiguration.1 2.4 GHz and WLANConfiguration.5 5 GHz. */
  maria: {
    id: '00259E-EG8145V5-4857544308A1C2D3',
    serial: '4857544308A1C2D3',
    login: 'maria.souza',
    wlan: { '2.4': '1,1', '5.8': '1,5' },
  },
  /** ZTE F670L, TR-098, offline since three days ago: WLANConfiguration.1 2.4 GHz and .5 5 GHz. */
  padaria: {
    id: 'D0608C-F670L-ZTEGC8D51E27',
    serial: 'ZTEGC8D51E27',
    login: 'paoquente',
    wlan: { '2.4': '1,1', '5.8': '1,5' },
  },
  /**
   * TP-Link EX220, TR-181, online; its serial has a '-', which GenieACS escapes as %2D in the id. It does
   * not read its passphrases back (''). AccessPoint.1 2.4 GHz, AccessPoint.2 5 GHz.
   */
  joao: {
    id: '5C628B-EX220-TPLK%2D2239A7104871',
    serial: 'TPLK-2239A7104871',
    login: 'joao.lima',
    wlan: { '2.4': '1,1', '5.8': '1,2' },
  },
  /** Intelbras W5-1200F, TR-098, online, a 2.4 GHz-only router. */
  oficina: {
    id: '0C8063-W51200F-ITBS51200F0093',
    serial: 'ITBS51200F0093',
    login: 'doisirmaos',
    wlan: { '2.4': '1,1' },
  },
} as const;

/** The periodic inform interval of the demo devices (`PeriodicInformInterval`), in seconds. */
export const DEMO_INFORM_INTERVAL_S = 300;

export type DeviceDoc = Record<string, unknown>;

export interface DeviceSeed {
  doc: DeviceDoc;
  online: boolean;
  /** ms before the sim's "now" of the last inform */
  lastInformAgoMs: number;
}

type Leaf =
  | string
  | number
  | boolean
  | { value: string | number | boolean; writable?: boolean; type?: string };

/** Builds a GenieACS device document from flat `path: value` pairs; instances and objects get `_object`. */
function deviceDoc(
  deviceId: { manufacturer: string; oui: string; productClass: string; serial: string },
  params: Record<string, Leaf>,
  at: string,
  registered: string,
): DeviceDoc {
  // GenieACS's device id: OUI-ProductClass-Serial, each escaping all but letters, digits and '_'.
  const escapeId = (part: string) =>
    part.replace(/[^A-Za-z0-9_]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  const doc: DeviceDoc = {
    _id: `${escapeId(deviceId.oui)}-${escapeId(deviceId.productClass)}-${escapeId(deviceId.serial)}`,
    _deviceId: {
      _Manufacturer: deviceId.manufacturer,
      _OUI: deviceId.oui,
      _ProductClass: deviceId.productClass,
      _SerialNumber: deviceId.serial,
    },
    _registered: registered,
    _tags: [],
  };
  for (const [path, raw] of Object.entries(params)) {
    const leaf = typeof raw === 'object' ? raw : { value: raw };
    const parts = path.split('.');
    let node = doc;
    parts.slice(0, -1).forEach((part, i) => {
      node[part] ??= {
        _object: true,
        // instances (numbers) of a multi-instance object are writable (deletable); named objects are not
        _writable: /^\d+$/.test(part) && i > 0,
        _timestamp: at,
      };
      node = node[part] as DeviceDoc;
    });
    const value = leaf.value;
    node[parts.at(-1) as string] = {
      _value: value,
      _type:
        leaf.type ??
        (typeof value === 'boolean'
          ? 'xsd:boolean'
          : typeof value === 'number'
            ? 'xsd:unsignedInt'
            : 'xsd:string'),
      _timestamp: at,
      _writable: leaf.writable ?? false,
    };
  }
  return doc;
}

const rw = (value: string | number | boolean) => ({ value, writable: true });

function tr098Wlan(index: number, ssid: string, standard: string, channel: number, passphrase: string) {
  const base = `InternetGatewayDevice.LANDevice.1.WLANConfiguration.${index}`;
  return {
    [`${base}.Enable`]: rw(true),
    [`${base}.SSID`]: rw(ssid),
    [`${base}.Standard`]: standard,
    [`${base}.Channel`]: rw(channel),
    [`${base}.BeaconType`]: rw('11i'),
    [`${base}.IEEE11iEncryptionModes`]: rw('AESEncryption'),
    [`${base}.PreSharedKey.1.KeyPassphrase`]: rw(passphrase),
    [`${base}.PreSharedKey.1.PreSharedKey`]: rw(''),
    [`${base}.TotalAssociations`]: 0,
  };
}

function tr098Common(model: {
  manufacturer: string;
  model: string;
  serial: string;
  version: string;
  login: string;
}) {
  return {
    'InternetGatewayDevice.DeviceInfo.Manufacturer': model.manufacturer,
    'InternetGatewayDevice.DeviceInfo.ModelName': model.model,
    'InternetGatewayDevice.DeviceInfo.SerialNumber': model.serial,
    'InternetGatewayDevice.DeviceInfo.SoftwareVersion': model.version,
    'InternetGatewayDevice.ManagementServer.PeriodicInformEnable': rw(true),
    'InternetGatewayDevice.ManagementServer.PeriodicInformInterval': rw(DEMO_INFORM_INTERVAL_S),
    'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.Enable': rw(true),
    'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.ConnectionStatus':
      'Connected',
    'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.Username': rw(model.login),
    'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.Password': rw(''),
  };
}

/** The `demo` instance's devices, their timestamps relative to `now`. */
export function seedDevices(now: number): DeviceSeed[] {
  const iso = (agoMs: number) => new Date(now - agoMs).toISOString();
  const day = 86_400_000;
  const minute = 60_000;
  const { maria, padaria, joao, oficina } = ACS_DEMO;
  return [
    {
      online: true,
      lastInformAgoMs: 2 * minute,
      doc: deviceDoc(
        {
          manufacturer: 'Huawei Technologies Co., Ltd',
          oui: '00259E',
          productClass: 'EG8145V5',
          serial: maria.serial,
        },
        {
          ...tr098Common({
            manufacturer: 'Huawei Technologies Co., Ltd',
            model: 'EG8145V5',
            serial: maria.serial,
            version: 'V5R020C10S115',
            login: maria.login,
          }),
          ...tr098Wlan(1, 'MARIA_2G', 'b,g,n', 6, 'girassol2019'),
          ...tr098Wlan(5, 'MARIA_5G', 'a,n,ac', 36, 'girassol2019'),
        },
        iso(2 * minute),
        iso(400 * day),
      ),
    },
    {
      online: false,
      lastInformAgoMs: 3 * day,
      doc: deviceDoc(
        { manufacturer: 'ZTE', oui: 'D0608C', productClass: 'F670L', serial: padaria.serial },
        {
          ...tr098Common({
            manufacturer: 'ZTE',
            model: 'F670L',
            serial: padaria.serial,
            version: 'V9.0.10P1N12',
            login: padaria.login,
          }),
          ...tr098Wlan(1, 'PADARIA_PAO_QUENTE', 'b,g,n', 11, 'paoquente123'),
          ...tr098Wlan(5, 'PADARIA_PAO_QUENTE_5G', 'a,n,ac', 149, 'paoquente123'),
        },
        iso(3 * day),
        iso(700 * day),
      ),
    },
    {
      online: true,
      lastInformAgoMs: 1 * minute,
      doc: deviceDoc(
        { manufacturer: 'TP-Link', oui: '5C628B', productClass: 'EX220', serial: joao.serial },
        {
          'Device.DeviceInfo.Manufacturer': 'TP-Link',
          'Device.DeviceInfo.ModelName': 'EX220',
          'Device.DeviceInfo.SerialNumber': joao.serial,
          'Device.DeviceInfo.SoftwareVersion': '1.1.0 Build 20230315',
          'Device.ManagementServer.PeriodicInformEnable': rw(true),
          'Device.ManagementServer.PeriodicInformInterval': rw(DEMO_INFORM_INTERVAL_S),
          'Device.PPP.Interface.1.Enable': rw(true),
          'Device.PPP.Interface.1.Status': 'Up',
          'Device.PPP.Interface.1.Username': rw(joao.login),
          'Device.PPP.Interface.1.Password': rw(''),
          'Device.WiFi.Radio.1.Enable': rw(true),
          'Device.WiFi.Radio.1.OperatingFrequencyBand': rw('2.4GHz'),
          'Device.WiFi.Radio.1.Channel': rw(1),
          'Device.WiFi.Radio.2.Enable': rw(true),
          'Device.WiFi.Radio.2.OperatingFrequencyBand': rw('5GHz'),
          'Device.WiFi.Radio.2.Channel': rw(44),
          'Device.WiFi.SSID.1.Enable': rw(true),
          'Device.WiFi.SSID.1.SSID': rw('LIMA_WIFI'),
          'Device.WiFi.SSID.1.LowerLayers': 'Device.WiFi.Radio.1',
          'Device.WiFi.SSID.2.Enable': rw(true),
          'Device.WiFi.SSID.2.SSID': rw('LIMA_WIFI_5G'),
          'Device.WiFi.SSID.2.LowerLayers': 'Device.WiFi.Radio.2',
          'Device.WiFi.AccessPoint.1.Enable': rw(true),
          'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1',
          'Device.WiFi.AccessPoint.1.Security.ModeEnabled': rw('WPA2-Personal'),
          // This CPE answers GetParameterValues on passphrases with '' (as many do).
          'Device.WiFi.AccessPoint.1.Security.KeyPassphrase': rw(''),
          'Device.WiFi.AccessPoint.2.Enable': rw(true),
          'Device.WiFi.AccessPoint.2.SSIDReference': 'Device.WiFi.SSID.2',
          'Device.WiFi.AccessPoint.2.Security.ModeEnabled': rw('WPA2-Personal'),
          'Device.WiFi.AccessPoint.2.Security.KeyPassphrase': rw(''),
        },
        iso(1 * minute),
        iso(90 * day),
      ),
    },
    {
      online: true,
      lastInformAgoMs: 4 * minute,
      doc: deviceDoc(
        { manufacturer: 'Intelbras', oui: '0C8063', productClass: 'W51200F', serial: oficina.serial },
        {
          ...tr098Common({
            manufacturer: 'Intelbras',
            model: 'W5-1200F',
            serial: oficina.serial,
            version: '1.4.12',
            login: oficina.login,
          }),
          ...tr098Wlan(1, 'OFICINA_DOIS_IRMAOS', 'b,g,n', 1, 'oficina2irmaos'),
        },
        iso(4 * minute),
        iso(200 * day),
      ),
    },
  ];
}
