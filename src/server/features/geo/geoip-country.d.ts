/** The part of geoip-country we use (it ships no types). */
declare module 'geoip-country' {
  const geoip: { lookup(ip: string): { country: string } | null };
  export default geoip;
}
