import { parseArgs } from 'node:util';
import { checkBrands } from './check-brands';
import { BrandCommandError, createBrand } from './new-brand';

const usage = `用法:
  npm run brand -- new <id> --name <品牌名称> --color <#rrggbb>   新建品牌应用 apps/<id>/
  npm run brand -- check                                       校验所有品牌应用`;

async function newBrand(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' }, color: { type: 'string' } },
  });
  const [id] = positionals;
  if (!id || !values.name || !values.color || positionals.length > 1) {
    console.error(usage);
    return 2;
  }
  const appDir = await createBrand({ id, name: values.name, color: values.color });
  console.info(`已创建 ${appDir}。
下一步（docs/brands.md）：
  1. 编辑 brand.ts：功能开关、主题色、页脚（ICP 备案号、公安备案号、增值电信业务经营许可证）、协议地址、客服电话；
  2. 替换 public/favicon.svg；
  3. 在运营库中配置短信签名与模板（tender-server sms-settings）和微信小程序 AppID；
  4. npm run brand -- check，然后 npm test。`);
  return 0;
}

async function check(): Promise<number> {
  let failed = false;
  for (const { id, problems, toFillIn } of await checkBrands()) {
    if (problems.length > 0) failed = true;
    const status = problems.length > 0 ? '有错误' : toFillIn.length > 0 ? '待填写' : '通过';
    console.info(`${id}: ${status}`);
    for (const problem of problems) console.info(`  ✗ ${problem}`);
    for (const field of toFillIn) console.info(`  … ${field} 仍是占位值或未填写，上线前请填写`);
  }
  return failed ? 1 : 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'new') return await newBrand(rest);
    if (command === 'check') return await check();
    console.error(usage);
    return 2;
  } catch (error) {
    if (error instanceof BrandCommandError || (error instanceof TypeError && 'code' in error)) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
