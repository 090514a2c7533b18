/** Every Chinese text the server sends to clients. */
export const messages = {
  notFound: '请求的地址不存在，请检查链接是否正确',
  serverError: '服务器出错，请稍后再试',
  unknownBrand: (brand: string) => `参数 brand：品牌 "${brand}" 不存在，请检查访问地址`,
  badRequestBody: (fastifyCode: string | undefined) => {
    switch (fastifyCode) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return '请求体不是有效的 JSON，请检查后重试';
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return '请求内容过大，请精简后重试';
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return '不支持的请求格式，请以 JSON 提交';
      default:
        return '请求格式不正确，请检查后重试';
    }
  },
} as const;
